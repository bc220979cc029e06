import { and, eq } from 'drizzle-orm';
import { NO_SHOW_HOURS, STANDBY_OPENS_MINUTES } from '../../shared/constants';
import type { PartySocketMessage, StandbyState } from '../../shared/live';
import type { Ctx } from '../context';
import { parties, participations } from '../db/schema/parties';
import { createRoundOnce } from '../game/round-create';
import { LIVE_MESSAGES as LM } from '../game/messages';
import { detail } from '../http/errors';
import { NOTICE } from '../notice/messages';
import { notify } from '../notice/notify';
import { applyPoints } from '../points/ledger';
import { partyChannel } from '../realtime/socket-hub';
import { roundThresholdReached, standbyCounts } from './standby-counts';

/**
 * Flips the caller's standby. Going on standby is the check-in: the first one returns a held deposit to points.
 * Counts are read after the toggle commits, so of several simultaneous toggles the last to commit sees them all
 * and, if the threshold is reached, asks for the round (created exactly once).
 */
export async function toggleStandby(ctx: Ctx, userId: number, partyId: number): Promise<StandbyState> {
  const now = ctx.clock.now();
  const [party] = await ctx.db.select().from(parties).where(eq(parties.id, partyId));
  if (!party || party.status === 'cancelled') throw detail(404, LM.partyNotFound);

  const isStandby = await ctx.db.transaction(async (tx) => {
    const [mine] = await tx
      .select()
      .from(participations)
      .where(and(eq(participations.partyId, partyId), eq(participations.userId, userId), eq(participations.status, 'confirmed')))
      .for('update');
    if (!mine) throw detail(403, LM.onlyParticipantsStandby);
    const opens = party.startTime.getTime() - STANDBY_OPENS_MINUTES * 60_000;
    const closes = party.startTime.getTime() + NO_SHOW_HOURS * 3_600_000;
    if (now.getTime() < opens) throw detail(400, LM.standbyNotOpen);
    if (now.getTime() > closes) throw detail(400, LM.standbyClosed);

    const next = !mine.isStandby;
    const firstCheckIn = next && !mine.checkedInAt;
    const returning = firstCheckIn && mine.depositState === 'held';
    await tx
      .update(participations)
      .set({
        isStandby: next,
        ...(firstCheckIn ? { checkedInAt: now } : {}),
        ...(returning ? { depositState: 'returned' } : {}),
      })
      .where(eq(participations.id, mine.id));
    if (returning && mine.paidAmount) {
      await applyPoints(tx, { userId, amount: mine.paidAmount, kind: 'deposit_returned', partyId, participationId: mine.id, reason: party.title, at: now });
      await notify(tx, {
        userId,
        kind: 'deposit_returned',
        message: NOTICE.depositReturned(party.title, mine.paidAmount),
        partyId,
        dedupeKey: `deposit_returned:${mine.id}`,
        at: now,
      });
    }
    return next;
  });

  const counts = await standbyCounts(ctx.db, partyId);
  const update: PartySocketMessage = { type: 'send_standby_update', data: { party_id: partyId, ...counts } };
  await ctx.hub.broadcast(partyChannel(partyId), update);
  if (isStandby && roundThresholdReached(counts)) await createRoundOnce(ctx, partyId);
  return { ...counts, is_standby: isStandby };
}

