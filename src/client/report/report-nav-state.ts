import { parseId } from '../../shared/ids';

/**
 * What the participants list passes to /report/{userId} in history state (spec §2 "Participants"). History state
 * can be anything another page left there, so each field is checked, never trusted.
 */
export interface ReportNavState {
  userId: number | null;
  name: string | null;
  photo: string | null;
  partyId: number | null;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : null);

export function parseReportNavState(value: unknown): ReportNavState {
  const s = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  return { userId: parseId(s.userId), name: text(s.name), photo: text(s.photo), partyId: parseId(s.partyId) };
}

/** Read once on opening, like /payment: later history changes must not change whom this form reports. */
export function readReportNavState(): ReportNavState {
  return parseReportNavState(window.history.state);
}
