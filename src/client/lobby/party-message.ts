import type { PartySocketMessage, StandbyMember } from '../../shared/live';

type StandbyUpdate = Extract<PartySocketMessage, { type: 'send_standby_update' }>['data'];

/**
 * A lobby message as the screen uses it. `standby_users` is null when the frame had none (an instance of an older
 * release, during a rolling deploy): the screen then reads who is ready from the participants list instead.
 */
type LobbyMessage =
  | { type: 'send_standby_update'; data: Omit<StandbyUpdate, 'standby_users'> & { standby_users: StandbyMember[] | null } }
  | Exclude<PartySocketMessage, { type: 'send_standby_update' }>;

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

function readMember(raw: unknown): StandbyMember | null {
  if (!raw || typeof raw !== 'object') return null;
  const { id, username, profile_image } = raw as Record<string, unknown>;
  if (!isCount(id) || typeof username !== 'string') return null;
  return { id, username, profile_image: typeof profile_image === 'string' ? profile_image : null };
}

function readMembers(raw: unknown): StandbyMember[] | null {
  if (!Array.isArray(raw)) return null;
  return raw.flatMap((item) => readMember(item) ?? []);
}

/** A socket frame is whatever arrived on the wire; only well-formed lobby messages get through. */
export function parsePartyMessage(raw: unknown): LobbyMessage | null {
  if (!raw || typeof raw !== 'object') return null;
  const { type, data } = raw as { type?: unknown; data?: Record<string, unknown> };
  if (!data || typeof data !== 'object') return null;
  if (type === 'send_standby_update' && isCount(data.standby_count) && isCount(data.participation_count)) {
    return {
      type,
      data: {
        party_id: Number(data.party_id),
        standby_count: data.standby_count,
        participation_count: data.participation_count,
        standby_users: readMembers(data.standby_users),
      },
    };
  }
  if (type === 'send_game_created' && isCount(data.round_id) && data.round_id > 0) {
    return { type, data: { round_id: data.round_id } };
  }
  return null;
}
