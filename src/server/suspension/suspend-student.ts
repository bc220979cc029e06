import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { LIVE_PARTICIPATION_STATUSES } from '../../shared/parties';
import { suspensionUntil } from '../../shared/suspension';
import { revokeAllForUser } from '../auth/refresh-tokens';
import type { Ctx } from '../context';
import type { Tx } from '../db/connect';
import { lockStudents } from '../db/lock-order';
import { retryTransaction } from '../db/retry-transaction';
import { parties, participations, waitlistEntries } from '../db/schema/parties';
import { suspensions } from '../db/schema/suspensions';
import { users } from '../db/schema/users';
import { detail } from '../http/errors';
import { NOTICE } from '../notice/messages';
import { notify } from '../notice/notify';
import { type OpsActor, recordAudit } from '../ops/audit';
import { OPS_MESSAGES as OM } from '../ops/messages';
import { giveSeatsBack } from '../reserve/give-seats-back';
import { refundsAt } from '../reserve/leave-terms';
import { activeSuspension } from './active-suspension';

interface SuspendInput {
  reason: string;
  /** Null: until an operator lifts it. */
  endsAt: Date | null;
  /** Every held deposit back, instead of the leave rule's refund. */
  refundInFull: boolean;
}

/** What a suspension did, for the operator's answer and the audit row. */
interface Suspended {
  suspensionId: number;
  released: { party: number; participation: number; refunded: number }[];
  waitlistLeft: number[];
  /** The token version the sessions ended below (hub.endSessions). */
  version: number;
  /** Parties whose freed seat waits for the commit to be offered (offerAfterRelease). */
  offerLater: number[];
  /** Lobbies that lost a paid participant, told after the commit (announceSeatsGivenBack), and the suspension's time. */
  lobbies: { partyId: number; startTime: Date }[];
  at: Date;
}

/** Locks the student (step 1 of db/lock-order.ts) and answers 404 / 409 for an account that is gone or closed. */
async function lockSuspendable(tx: Tx, userId: number) {
  const [student] = await lockStudents(tx, [userId]);
  if (!student) throw detail(404, OM.userNotFound);
  if (student.deletedAt) throw detail(409, OM.userWithdrawn);
  return student;
}

/**
 * Suspends a student in one transaction, the student's row locked first (db/lock-order.ts), so a join or payment
 * in flight either committed before (its seat is released here) or runs after and finds the suspension (403):
 * never a seat held by a suspended student. Upcoming seats are released as a leave would release them (leave.ts:
 * an unpaid seat for free, a paid one refunded in full until 24 h before the start), or refunded in full when the
 * operator says so; the refund goes through the ledger (releaseSeat → applyPoints), and each freed seat is offered
 * to its party's line in this same transaction (reserve/give-seats-back.ts). Places in line are dropped.
 * Every session ends: refresh tokens revoked and the token version raised — twice revoked, as a password change
 * does, so a refresh rotating at this moment is caught too. The caller closes the open sockets on every instance
 * (hub.endSessions), and offers what this could not (`offerLater`) once it has committed.
 */
export async function suspendStudent(ctx: Ctx, actor: OpsActor, userId: number, input: SuspendInput): Promise<Suspended> {
  const now = ctx.clock.now();
  return retryTransaction(ctx.db, async (tx) => {
    await lockSuspendable(tx, userId);
    if (await activeSuspension(tx, userId, now)) throw detail(409, OM.alreadySuspended);
    const [row] = await tx
      .insert(suspensions)
      .values({ userId, reason: input.reason, endsAt: input.endsAt, refundInFull: input.refundInFull, operatorId: actor.operatorId, actor: actor.name, createdAt: now })
      .returning({ id: suspensions.id });

    const upcoming = await tx
      .select({ id: participations.id, status: participations.status, partyId: parties.id, title: parties.title, startTime: parties.startTime })
      .from(participations)
      .innerJoin(parties, eq(parties.id, participations.partyId))
      .where(and(eq(participations.userId, userId), inArray(participations.status, LIVE_PARTICIPATION_STATUSES), gt(parties.startTime, now)))
      .orderBy(asc(parties.id));
    const given = await giveSeatsBack(
      tx,
      upcoming.map((seat) => ({ id: seat.id, partyId: seat.partyId, refund: input.refundInFull || refundsAt(seat.startTime, now), reason: `${seat.title} (이용 정지)`, title: seat.title, startTime: seat.startTime })),
      now,
    );
    const released: Suspended['released'] = [];
    for (const { seat, released: done } of given.done) {
      if (!done) continue;
      released.push({ party: seat.partyId, participation: seat.id, refunded: done.refunded });
      const depositKept = done.wasStatus === 'confirmed' && done.refunded === 0;
      await notify(tx, {
        userId,
        kind: 'cancelled',
        message: NOTICE.suspendedSeatReleased(seat.title, done.refunded, depositKept),
        partyId: seat.partyId,
        dedupeKey: `cancelled:${seat.id}`,
        at: now,
      });
    }
    const left = await tx.delete(waitlistEntries).where(eq(waitlistEntries.userId, userId)).returning({ partyId: waitlistEntries.partyId });

    await revokeAllForUser(tx, ctx.clock, userId);
    const [bumped] = await tx
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, userId))
      .returning({ version: users.tokenVersion });
    await revokeAllForUser(tx, ctx.clock, userId);

    await notify(tx, { userId, kind: 'suspended', message: NOTICE.suspended(input.reason, suspensionUntil(input.endsAt, now)), dedupeKey: `suspended:${row.id}`, at: now });
    const waitlistLeft = left.map((l) => l.partyId).sort((a, b) => a - b);
    const after = { reason: input.reason, ends_at: input.endsAt?.toISOString() ?? null, refund_in_full: input.refundInFull, released, waitlist_left: waitlistLeft };
    await recordAudit(tx, actor, { action: 'user.suspend', targetType: 'user', targetId: userId, before: { suspended: false }, after, at: now });
    return { suspensionId: row.id, released, waitlistLeft, version: bumped.version, offerLater: given.offerLater, lobbies: given.lobbies, at: now };
  });
}

/** Lifts the suspension in force, audited; 409 when there is none (never suspended, lifted, or past its end). */
export async function liftSuspension(ctx: Ctx, actor: OpsActor, userId: number): Promise<void> {
  const now = ctx.clock.now();
  await retryTransaction(ctx.db, async (tx) => {
    await lockSuspendable(tx, userId);
    const current = await activeSuspension(tx, userId, now);
    if (!current) throw detail(409, OM.notSuspended);
    await tx.update(suspensions).set({ liftedAt: now, liftedBy: actor.name }).where(eq(suspensions.id, current.id));
    await notify(tx, { userId, kind: 'suspension_lifted', message: NOTICE.suspensionLifted(), dedupeKey: `suspension_lifted:${current.id}`, at: now });
    const before = { reason: current.reason, ends_at: current.endsAt?.toISOString() ?? null };
    await recordAudit(tx, actor, { action: 'user.unsuspend', targetType: 'user', targetId: userId, before, after: { suspended: false }, at: now });
  });
}
