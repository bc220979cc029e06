import { and, eq, inArray } from 'drizzle-orm';
import { FREE_CANCEL_HOURS } from '../../shared/constants';
import { LIVE_PARTICIPATION_STATUSES, type LeaveQuote, type LiveParticipationStatus } from '../../shared/parties';
import type { Ctx } from '../context';
import type { Db, Tx } from '../db/connect';
import { parties, participations } from '../db/schema/parties';
import { detail } from '../http/errors';
import { PARTY_MESSAGES as PM } from '../parties/messages';

/** The last moment a paid seat is refunded in full: FREE_CANCEL_HOURS before the start, that moment included. */
const refundUntil = (startTime: Date) => new Date(startTime.getTime() - FREE_CANCEL_HOURS * 3_600_000);

/** Whether leaving at `now` gives a held deposit back: the one place the 24-hour rule is decided. */
export const refundsAt = (startTime: Date, now: Date) => now.getTime() <= refundUntil(startTime).getTime();

/**
 * The student's live seat in the party, or the refusal a leave gets: 404 when there is none (or no such party),
 * 400 once the party has started. Read by the leave inside its transaction and by the quote outside one.
 */
export async function liveSeat(handle: Tx | Db, userId: number, partyId: number, now: Date) {
  const [row] = await handle
    .select({
      id: participations.id,
      status: participations.status,
      paidAmount: participations.paidAmount,
      depositState: participations.depositState,
      startTime: parties.startTime,
      title: parties.title,
    })
    .from(participations)
    .innerJoin(parties, eq(parties.id, participations.partyId))
    .where(and(eq(participations.partyId, partyId), eq(participations.userId, userId), inArray(participations.status, LIVE_PARTICIPATION_STATUSES)));
  if (!row) {
    const [party] = await handle.select({ id: parties.id }).from(parties).where(eq(parties.id, partyId));
    throw detail(404, party ? PM.nothingToLeave : PM.notFound);
  }
  if (row.startTime <= now) throw detail(400, PM.leaveAfterStart);
  return { ...row, status: row.status as LiveParticipationStatus };
}

/**
 * What leaving now would do (GET …/leave/): the sheet that asks before 참가 취소 words its sentence from these
 * numbers, computed by the rule the leave itself applies, so the client never does the 24-hour maths on its own.
 */
export async function leaveQuote(ctx: Ctx, userId: number, partyId: number): Promise<LeaveQuote> {
  const now = ctx.clock.now();
  const seat = await liveSeat(ctx.db, userId, partyId, now);
  const paid = seat.depositState === 'held' ? (seat.paidAmount ?? 0) : 0;
  return {
    status: seat.status,
    paid,
    refund: refundsAt(seat.startTime, now) ? paid : 0,
    refund_until: refundUntil(seat.startTime).toISOString(),
  };
}
