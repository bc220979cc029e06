import { asc, eq } from 'drizzle-orm';
import type { PartySocketMessage, RoundSocketMessage } from '../../shared/live';
import type { Ctx } from '../context';
import { questions, rounds } from '../db/schema/game';
import { standbyState } from '../partyassist/standby-counts';

/**
 * What a lobby's or a game's sockets are sent to be up to date, read from the database now: on connect (a late
 * joiner, a reconnect), and to every socket of the channel when this instance may have missed its broadcasts
 * (socket-hub.ts, catching up after the bus was away).
 */
export async function partyState(ctx: Ctx, partyId: number): Promise<PartySocketMessage[]> {
  const messages: PartySocketMessage[] = [{ type: 'send_standby_update', data: { party_id: partyId, ...(await standbyState(ctx.db, partyId)) } }];
  const [round] = await ctx.db.select({ id: rounds.id }).from(rounds).where(eq(rounds.partyId, partyId));
  if (round) messages.push({ type: 'send_game_created', data: { round_id: round.id } });
  return messages;
}

/** Every question's counts. */
export async function roundState(ctx: Ctx, roundId: number): Promise<RoundSocketMessage[]> {
  const rows = await ctx.db.select().from(questions).where(eq(questions.roundId, roundId)).orderBy(asc(questions.position));
  return rows.map((q) => ({ type: 'vote_update', data: { question_id: q.id, vote_a_count: q.voteACount, vote_b_count: q.voteBCount } }));
}

/** The state of a hub channel by its name (`party:3`, `round:7`: socket-hub.ts). */
export function channelState(ctx: Ctx, channel: string): Promise<unknown[]> {
  const [kind, id] = channel.split(':');
  if (kind === 'party') return partyState(ctx, Number(id));
  if (kind === 'round') return roundState(ctx, Number(id));
  return Promise.resolve([]);
}
