import { and, eq, gt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { PayResponse } from '../../shared/parties';
import type { Ctx } from '../context';
import { parties, participations } from '../db/schema/parties';
import { retryTransaction } from '../db/retry-transaction';
import { users } from '../db/schema/users';
import { detail } from '../http/errors';
import { claimIdempotencyKey, recordIdempotentAnswer } from '../http/idempotency/key-claim';
import { NOTICE } from '../notice/messages';
import { notify } from '../notice/notify';
import { announceSeatChange } from '../partyassist/lobby-announce';
import { PARTY_MESSAGES as PM } from '../parties/messages';
import { applyPoints, InsufficientPointsError } from '../points/ledger';
import { lockOpenStudent } from './student-guard';

class Insufficient extends Error {}

/**
 * Pays the deposit and confirms the seat in one transaction, the student locked first (db/lock-order.ts), so a
 * payment and a withdrawal of the same student run one after the other. The pending → confirmed update is
 * conditional, so of many simultaneous calls exactly one charges; the others (and any later call) answer like the
 * first did.
 */
export async function payParticipation(ctx: Ctx, userId: number, participationId: number, log: FastifyBaseLogger): Promise<PayResponse> {
  const now = ctx.clock.now();
  try {
    const paid = await retryTransaction(ctx.db, async (tx) => {
      await claimIdempotencyKey(tx);
      await lockOpenStudent(tx, userId, { joining: true, now });
      const [row] = await tx
        .select({ status: participations.status, partyId: participations.partyId, deposit: parties.deposit, title: parties.title, startTime: parties.startTime })
        .from(participations)
        .innerJoin(parties, eq(parties.id, participations.partyId))
        .where(and(eq(participations.id, participationId), eq(participations.userId, userId)));
      if (!row) throw detail(404, PM.participationNotFound);

      const [confirmed] = await tx
        .update(participations)
        .set({ status: 'confirmed', paidAt: now, paidAmount: row.deposit, depositState: row.deposit > 0 ? 'held' : 'none' })
        .where(and(eq(participations.id, participationId), eq(participations.status, 'pending'), gt(participations.holdExpiresAt, now)))
        .returning({ id: participations.id });
      if (!confirmed) return null; // already paid, expired or cancelled: decided below, outside this transaction

      let remaining: number;
      if (row.deposit > 0) {
        try {
          remaining = await applyPoints(tx, {
            userId,
            amount: -row.deposit,
            kind: 'deposit_paid',
            partyId: row.partyId,
            participationId,
            reason: row.title,
            at: now,
          });
        } catch (err) {
          if (err instanceof InsufficientPointsError) throw new Insufficient();
          throw err;
        }
      } else {
        const [u] = await tx.select({ points: users.points }).from(users).where(eq(users.id, userId));
        remaining = u.points;
      }
      // The payment's notice retires the seat's ask to pay (notice/retire.ts), whichever it has become by now.
      await notify(tx, { userId, kind: 'paid', message: NOTICE.paid(row.title, row.deposit), partyId: row.partyId, dedupeKey: `paid:${participationId}`, at: now });
      const answer = await recordIdempotentAnswer(tx, { remaining_points: remaining, amount: row.deposit });
      return { answer, partyId: row.partyId, startTime: row.startTime };
    });
    if (paid) {
      // A seat paid while the lobby is open: one more participant there.
      await announceSeatChange(ctx, paid.partyId, paid.startTime, now, log);
      return paid.answer;
    }
  } catch (err) {
    if (err instanceof Insufficient) throw detail(400, PM.insufficientPoints);
    throw err;
  }
  return answerAlreadyDecided(ctx, userId, participationId, now);
}

async function answerAlreadyDecided(ctx: Ctx, userId: number, participationId: number, now: Date): Promise<PayResponse> {
  const [row] = await ctx.db
    .select({ status: participations.status, paidAmount: participations.paidAmount, holdExpiresAt: participations.holdExpiresAt, points: users.points })
    .from(participations)
    .innerJoin(users, eq(users.id, participations.userId))
    .where(and(eq(participations.id, participationId), eq(participations.userId, userId)));
  if (!row) throw detail(404, PM.participationNotFound);
  if (row.status === 'confirmed') return { remaining_points: row.points, amount: row.paidAmount ?? 0 };
  if (row.status === 'expired' || (row.status === 'pending' && row.holdExpiresAt && row.holdExpiresAt <= now)) {
    throw detail(400, PM.holdExpired);
  }
  throw detail(400, PM.notPayable);
}
