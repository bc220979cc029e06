import type { FastifyBaseLogger } from 'fastify';
import type { LeaveResponse } from '../../shared/parties';
import type { Ctx } from '../context';
import { retryTransaction } from '../db/retry-transaction';
import { detail } from '../http/errors';
import { claimIdempotencyKey, recordIdempotentAnswer } from '../http/idempotency/key-claim';
import { NOTICE } from '../notice/messages';
import { notify, replaceNotice } from '../notice/notify';
import { announceSeatsGivenBack } from '../partyassist/lobby-announce';
import { PARTY_MESSAGES as PM } from '../parties/messages';
import { giveSeatsBack } from './give-seats-back';
import { liveSeat, refundsAt } from './leave-terms';
import { lockOpenStudent } from './student-guard';
import { offerAfterRelease } from './waitlist-offer';

/**
 * Leaves a party: a pending (unpaid) seat is released for free; a confirmed one is refunded in full until 24 h
 * before the start and not after. Once the party has started there is nothing to leave. The freed seat is offered
 * to the first in line in the leave's own transaction (give-seats-back.ts).
 */
export async function leaveParty(ctx: Ctx, userId: number, partyId: number, log: FastifyBaseLogger): Promise<LeaveResponse> {
  const now = ctx.clock.now();
  const { answer, lobbies, offerLater } = await retryTransaction(ctx.db, async (tx) => {
    await claimIdempotencyKey(tx);
    await lockOpenStudent(tx, userId);
    const row = await liveSeat(tx, userId, partyId, now);
    const given = await giveSeatsBack(tx, [{ id: row.id, partyId, refund: refundsAt(row.startTime, now), reason: row.title, startTime: row.startTime }], now);
    const released = given.done[0].released;
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
    const answer = await recordIdempotentAnswer(tx, { status: 'cancelled' as const, refunded: released.refunded });
    return { answer, lobbies: given.lobbies, offerLater: given.offerLater };
  });
  await offerAfterRelease(ctx, offerLater, log);
  // A paid seat left while the lobby is open: the lobby's counts and faces change.
  await announceSeatsGivenBack(ctx, lobbies, now, log);
  return answer;
}
