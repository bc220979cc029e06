import { sql } from 'drizzle-orm';
import { rounds } from '../db/schema/game';
import type { NotificationKind } from '../db/schema/notification-kinds';
import { notifications } from '../db/schema/notifications';
import { parties } from '../db/schema/parties';

/**
 * The round of a notice's party (a party has at most one: rounds.party_id is unique), read beside the notice for a
 * game start's link — the notice stores its party, and the round is a function of it, so no column is needed.
 */
// Spelled out: drizzle leaves columns unqualified in an insert's or update's RETURNING, where "party_id" would name the
// round's own column.
export const noticeRoundId = sql<number | null>`(select r.id from ${rounds} r where r.party_id = ${notifications}.party_id)`;

/** The title of a notice's party, for the list's threads; read the same way, so a PATCH's RETURNING has it too. */
export const noticePartyTitle = sql<string | null>`(select p.title from ${parties} p where p.id = ${notifications}.party_id)`;

/**
 * Where tapping a notice goes (in the app and from a push): a card decision or a suspension is about my page (which
 * shows the suspension in force); an open lobby, the lobby; a started game, the game; anything else tied to a party,
 * that party.
 */
export function noticeLink(n: { kind: NotificationKind; partyId: number | null; roundId: number | null }): string | null {
  if (n.kind === 'verification_approved' || n.kind === 'verification_rejected' || n.kind === 'suspended' || n.kind === 'suspension_lifted') return '/mypage';
  if (n.partyId === null) return null;
  if (n.kind === 'standby_open') return `/balancewait/${n.partyId}`;
  if (n.kind === 'game_started' && n.roundId !== null) return `/balancegame/${n.roundId}`;
  return `/partyinfo/${n.partyId}`;
}
