import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { StandbyState } from '../../shared/live';
import type { Ctx } from '../context';
import { lockParticipation, lockStudents } from '../db/lock-order';
import { retryTransaction } from '../db/retry-transaction';
import { parties, participations } from '../db/schema/parties';
import { LIVE_MESSAGES as LM } from '../game/messages';
import { detail } from '../http/errors';
import { recordCheckIn, standbyWindow } from './check-in';
import { announceStandby, startRoundIfReady } from './lobby-announce';
import { standbyState } from './standby-counts';

/**
 * Flips the caller's standby. Going on standby is the check-in: the first one returns a held deposit to points.
 * Counts are read after the toggle commits, so of several simultaneous toggles the last to commit sees them all
 * and, if the threshold is reached, asks for the round (created exactly once).
 *
 * Nothing after the commit fails the request: a 503 would tell the student the toggle did not happen, and pressing
 * again would undo it. If the database goes away right after the commit, the answer carries the counts as the
 * toggle's own transaction saw them, and the next sweep creates a round that is due (ready-rounds.ts).
 */
export async function toggleStandby(ctx: Ctx, userId: number, partyId: number, log: FastifyBaseLogger): Promise<StandbyState> {
  const now = ctx.clock.now();
  const [party] = await ctx.db.select().from(parties).where(eq(parties.id, partyId));
  if (!party || party.status === 'cancelled') throw detail(404, LM.partyNotFound);

  // Lock order (db/lock-order.ts): the student, then their participation.
  const toggled = await retryTransaction(ctx.db, async (tx) => {
    await lockStudents(tx, [userId]);
    const [found] = await tx
      .select({ id: participations.id })
      .from(participations)
      .where(and(eq(participations.partyId, partyId), eq(participations.userId, userId), eq(participations.status, 'confirmed')));
    const mine = found ? await lockParticipation(tx, found.id) : null;
    if (!mine || mine.status !== 'confirmed') throw detail(403, LM.onlyParticipantsStandby);
    const window = standbyWindow(party.startTime, now);
    if (window === 'early') throw detail(400, LM.standbyNotOpen);
    if (window === 'closed') throw detail(400, LM.standbyClosed);

    const next = !mine.isStandby;
    if (next) await recordCheckIn(tx, mine, party, now);
    await tx.update(participations).set({ isStandby: next }).where(eq(participations.id, mine.id));
    return { isStandby: next, seenInside: await standbyState(tx, partyId) };
  });

  const state = await announceStandby(ctx, partyId).catch((err: unknown) => {
    log.warn({ err, partyId }, 'lobby announcement failed after a standby toggle');
    return toggled.seenInside;
  });
  await startRoundIfReady(ctx, partyId, state, log);
  // The answer is spec §3's standby state; the faces travel on the socket only.
  return { standby_count: state.standby_count, participation_count: state.participation_count, is_standby: toggled.isStandby };
}

