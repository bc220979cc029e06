import { and, eq, gt, isNull, lte, notExists } from 'drizzle-orm';
import { STANDBY_OPENS_MINUTES } from '../../shared/constants';
import type { Ctx } from '../context';
import { rounds } from '../db/schema/game';
import { parties, participations } from '../db/schema/parties';
import { NOTICE } from '../notice/messages';
import { notify } from '../notice/notify';

const BATCH = 2_000;

/**
 * The sweeper's step: once a party's standby window is open (check-in.ts standbyWindow, 30 minutes before the start),
 * each paid participant is told the lobby is open, once (the dedupe key is the seat's, so every sweep and every
 * instance may try; someone who pays later is told at the next sweep). Not those already checked in, who are in the
 * lobby, nor once the game is under way (its own notice says so) or the party has started.
 */
export async function announceOpenLobbies(ctx: Ctx, now: Date): Promise<number> {
  const rows = await ctx.db
    .select({ id: participations.id, userId: participations.userId, partyId: parties.id, title: parties.title })
    .from(participations)
    .innerJoin(parties, eq(parties.id, participations.partyId))
    .where(
      and(
        eq(participations.status, 'confirmed'),
        isNull(participations.checkedInAt),
        eq(parties.status, 'open'),
        gt(parties.startTime, now),
        lte(parties.startTime, new Date(now.getTime() + STANDBY_OPENS_MINUTES * 60_000)),
        notExists(ctx.db.select({ id: rounds.id }).from(rounds).where(eq(rounds.partyId, parties.id))),
      ),
    )
    .limit(BATCH);
  // A transaction: the notices and their pushes (queued by notify) are stored together.
  if (rows.length)
    await ctx.db.transaction((tx) =>
    notify(
      tx,
      rows.map((r) => ({ userId: r.userId, kind: 'standby_open' as const, message: NOTICE.standbyOpen(r.title), partyId: r.partyId, dedupeKey: `standby_open:${r.id}`, at: now })),
    ),
  );
  return rows.length;
}
