import type { PartySocketMessage } from '../../shared/live';

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

/** A socket frame is whatever arrived on the wire; only well-formed lobby messages get through. */
export function parsePartyMessage(raw: unknown): PartySocketMessage | null {
  if (!raw || typeof raw !== 'object') return null;
  const { type, data } = raw as { type?: unknown; data?: Record<string, unknown> };
  if (!data || typeof data !== 'object') return null;
  if (type === 'send_standby_update' && isCount(data.standby_count) && isCount(data.participation_count)) {
    return { type, data: { party_id: Number(data.party_id), standby_count: data.standby_count, participation_count: data.participation_count } };
  }
  if (type === 'send_game_created' && isCount(data.round_id) && data.round_id > 0) {
    return { type, data: { round_id: data.round_id } };
  }
  return null;
}
