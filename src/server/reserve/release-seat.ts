import { and, eq, inArray, sql } from 'drizzle-orm';
import { LIVE_PARTICIPATION_STATUSES, type LiveParticipationStatus, type ParticipationStatus } from '../../shared/parties';
import type { Tx } from '../db/connect';
import { lockParticipation, lockParty } from '../db/lock-order';
import { parties, participations } from '../db/schema/parties';
import { applyPoints } from '../points/ledger';

export interface Released {
  userId: number;
  partyId: number;
  wasStatus: LiveParticipationStatus;
  refunded: number;
}

/**
 * Ends a live participation (left, hold expired, party cancelled, account closed) and gives its seat back; with
 * `refund`, a held deposit goes back to the student's points. Conditional on the participation still being live,
 * so two paths racing to end it (a leave and the sweeper, say) end it once. Returns null when it was not live.
 * Locks the party, then the participation (db/lock-order.ts); a caller that may refund has locked the student
 * before calling.
 */
export async function releaseSeat(
  tx: Tx,
  participationId: number,
  opts: { to: Exclude<ParticipationStatus, LiveParticipationStatus>; refund: boolean; now: Date; reason: string },
): Promise<Released | null> {
  // A participation never moves to another party, so its party can be read before anything is locked.
  const [ref] = await tx.select({ partyId: participations.partyId }).from(participations).where(eq(participations.id, participationId));
  if (!ref) return null;
  await lockParty(tx, ref.partyId);
  const before = await lockParticipation(tx, participationId);
  if (!before || (before.status !== 'pending' && before.status !== 'confirmed')) return null;

  const [ended] = await tx
    .update(participations)
    .set({ status: opts.to, cancelledAt: opts.now, isStandby: false })
    .where(and(eq(participations.id, participationId), inArray(participations.status, LIVE_PARTICIPATION_STATUSES)))
    .returning({ userId: participations.userId, partyId: participations.partyId, paidAmount: participations.paidAmount });
  if (!ended) return null;
  await tx
    .update(parties)
    .set({ appliedCount: sql`${parties.appliedCount} - 1` })
    .where(eq(parties.id, ended.partyId));

  let refunded = 0;
  if (opts.refund) {
    const [held] = await tx
      .update(participations)
      .set({ depositState: 'refunded' })
      .where(and(eq(participations.id, participationId), eq(participations.depositState, 'held')))
      .returning({ amount: participations.paidAmount });
    if (held?.amount) {
      await applyPoints(tx, {
        userId: ended.userId,
        amount: held.amount,
        kind: 'refund',
        partyId: ended.partyId,
        participationId,
        reason: opts.reason,
        at: opts.now,
      });
      refunded = held.amount;
    }
  }
  return { userId: ended.userId, partyId: ended.partyId, wasStatus: before.status, refunded };
}
