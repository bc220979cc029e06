import { and, count, eq, gte, lte, notExists, sql } from 'drizzle-orm';
import { NO_SHOW_HOURS, STANDBY_OPENS_MINUTES } from '../../shared/constants';
import type { Ctx } from '../context';
import { rounds } from '../db/schema/game';
import { parties, participations } from '../db/schema/parties';
import { createRoundOnce } from '../game/round-create';
import { roundThresholdReached } from './standby-counts';

/**
 * The sweeper's step: a lobby that is ready (standby-counts.ts roundThresholdReached) but has no round gets it now.
 * The toggle or leave that made it ready asks for the round right after its commit; this catches the round that
 * request could not create — its instance stopped, or the database went away, between the commit and the round.
 * Only parties whose standby window is open (check-in.ts standbyWindow); createRoundOnce makes any number of
 * sweeps, on any number of instances, create one round.
 */
export async function startReadyRounds(ctx: Ctx, now: Date): Promise<number> {
  const lobbies = await ctx.db
    .select({
      partyId: participations.partyId,
      participation_count: count(),
      standby_count: sql<number>`count(*) filter (where ${participations.isStandby})`.mapWith(Number),
    })
    .from(participations)
    .innerJoin(parties, eq(parties.id, participations.partyId))
    .where(
      and(
        eq(participations.status, 'confirmed'),
        eq(parties.status, 'open'),
        lte(parties.startTime, new Date(now.getTime() + STANDBY_OPENS_MINUTES * 60_000)),
        gte(parties.startTime, new Date(now.getTime() - NO_SHOW_HOURS * 3_600_000)),
        notExists(ctx.db.select({ id: rounds.id }).from(rounds).where(eq(rounds.partyId, parties.id))),
      ),
    )
    .groupBy(participations.partyId);
  let started = 0;
  for (const lobby of lobbies.filter(roundThresholdReached)) {
    if ((await createRoundOnce(ctx, lobby.partyId)) !== null) started += 1;
  }
  return started;
}
