import { parseId } from '../../shared/ids';

/** What the participants list passes to /report/{userId} in history state (spec §2 "Participants"). */
export interface ReportNavState {
  userId: number;
  name: string;
  photo: string | null;
  partyId: number;
}

/** As /report reads it back: history state can be anything another page left there, so any field may be missing. */
export type ReadReportNavState = { [K in keyof ReportNavState]: ReportNavState[K] | null };

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : null);

function parseReportNavState(value: unknown): ReadReportNavState {
  const s = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  return { userId: parseId(s.userId), name: text(s.name), photo: text(s.photo), partyId: parseId(s.partyId) };
}

/** Read once on opening, like /payment: later history changes must not change whom this form reports. */
export function readReportNavState(): ReadReportNavState {
  return parseReportNavState(window.history.state);
}
