import { and, eq, inArray } from 'drizzle-orm';
import { FREE_CANCEL_HOURS } from '../../shared/constants';
import { LIVE_PARTICIPATION_STATUSES, type LeaveResponse } from '../../shared/parties';
import type { Ctx } from '../context';
import { retryTransaction } from '../db/retry-transaction';
import { parties, participations } from '../db/schema/parties';
import { detail } from '../http/errors';
import { NOTICE } from '../notice/messages';
import { notify, replaceNotice } from '../notice/notify';
import { PARTY_MESSAGES as PM } from '../parties/messages';
import { releaseSeat } from './release-seat';
import { lockOpenStudent } from './student-guard';

/**
 * Leaves a party: a pending (unpaid) seat is released for free; a confirmed one is refunded in full until 24 h
 * before the start and not after. Once the party has started there is nothing to leave.
 */
export async function leaveParty(ctx: Ctx, userId: number, partyId: number): Promise<LeaveResponse> {
  const now = ctx.clock.now();
  return retryTransaction(ctx.db, async (tx) => {
    await lockOpenStudent(tx, userId);
    const [row] = await tx
      .select({ id: participations.id, status: participations.status, startTime: parties.startTime, title: parties.title })
      .from(participations)
      .innerJoin(parties, eq(parties.id, participations.partyId))
      .where(and(eq(participations.partyId, partyId), eq(participations.userId, userId), inArray(participations.status, LIVE_PARTICIPATION_STATUSES)));
    if (!row) {
      const [party] = await tx.select({ id: parties.id }).from(parties).where(eq(parties.id, partyId));
      throw detail(404, party ? PM.nothingToLeave : PM.notFound);
    }
    if (row.startTime <= now) throw detail(400, PM.leaveAfterStart);

    const inTime = row.startTime.getTime() - now.getTime() >= FREE_CANCEL_HOURS * 3_600_000;
    const released = await releaseSeat(tx, row.id, { to: 'cancelled', refund: inTime, now, reason: row.title });
    if (!released) throw detail(404, PM.nothingToLeave);

    const notice = { userId, kind: 'cancelled' as const, partyId, dedupeKey: `cancelled:${row.id}`, at: now };
    if (released.wasStatus === 'pending') {
      // Backing out of payment: the application's notice becomes this one, read — the student did it on screen, so
      // applying and backing out leaves one notice and the bell does not ring for it.
      await replaceNotice(tx, `applied:${row.id}`, { ...notice, message: NOTICE.cancelledFree(row.title) }, { read: true });
    } else {
      const message = released.refunded > 0 ? NOTICE.cancelledRefund(row.title, released.refunded) : NOTICE.cancelledNoRefund(row.title);
      await notify(tx, { ...notice, message });
    }
    return { status: 'cancelled', refunded: released.refunded };
  });
}
