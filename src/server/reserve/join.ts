import { and, eq, gt, inArray, lt, notExists, sql } from 'drizzle-orm';
import { HOLD_MINUTES } from '../../shared/constants';
import { type JoinResponse, LIVE_PARTICIPATION_STATUSES } from '../../shared/parties';
import type { Ctx } from '../context';
import type { Tx } from '../db/connect';
import { isUniqueViolation } from '../db/pg-errors';
import { retryTransaction } from '../db/retry-transaction';
import { parties, participations, waitlistEntries } from '../db/schema/parties';
import { detail } from '../http/errors';
import { claimIdempotencyKey, recordIdempotentAnswer } from '../http/idempotency/key-claim';
import { NOTICE } from '../notice/messages';
import { notify } from '../notice/notify';
import { PARTY_MESSAGES as PM } from '../parties/messages';
import { lockOpenStudent } from './student-guard';

class AlreadyJoined extends Error {}

/**
 * Claims a seat (takeSeat) and creates a pending participation held for 15 minutes. The student is locked first (lock order:
 * db/lock-order.ts), so a join and a leave or withdrawal of the same student never interleave. The seat is taken by
 * one conditional UPDATE (applied_count < max), so concurrent joins serialise on the party row and can never
 * oversell; the partial unique index on live participations turns a double join into 409, and the seat is given
 * back with the rollback.
 */
export async function joinParty(ctx: Ctx, userId: number, partyId: number): Promise<JoinResponse> {
  const now = ctx.clock.now();
  try {
    return await retryTransaction(ctx.db, async (tx) => {
      await claimIdempotencyKey(tx);
      await lockOpenStudent(tx, userId, { joining: true, now });
      const seat = await takeSeat(tx, userId, partyId, now, { waitlistFirst: true });
      if (!seat) throw await whyNoSeat(tx, userId, partyId, now);
      await notify(tx, {
        userId,
        kind: 'applied',
        message: NOTICE.applied(seat.title, seat.deposit),
        partyId,
        dedupeKey: appliedNoticeKey(seat.participationId),
        at: now,
      });
      return recordIdempotentAnswer(tx, { id: seat.participationId, hold_expires_at: seat.holdExpiresAt.toISOString() });
    });
  } catch (err) {
    if (err instanceof AlreadyJoined) throw detail(409, PM.alreadyJoined);
    throw err;
  }
}

/** The key of an unpaid seat's one notice: leaving or the hold's expiry rewrites it (notice/notify.ts replaceNotice). */
export const appliedNoticeKey = (participationId: number) => `applied:${participationId}`;

/**
 * Takes a seat of an open, upcoming party for the student and holds it unpaid for 15 minutes: the one way a seat is
 * taken, by a join or by a waitlist offer (waitlist-offer.ts). The caller has locked the student (lock order:
 * db/lock-order.ts); the party row is locked by the conditional UPDATE. Null when there is no free seat.
 * `waitlistFirst`: a free seat belongs to the students in line, so a join finds none while anyone waits.
 */
export async function takeSeat(tx: Tx, userId: number, partyId: number, now: Date, opts: { waitlistFirst: boolean }) {
  const holdExpiresAt = new Date(now.getTime() + HOLD_MINUTES * 60_000);
  const [seat] = await tx
    .update(parties)
    .set({ appliedCount: sql`${parties.appliedCount} + 1` })
    .where(
      and(
        eq(parties.id, partyId),
        eq(parties.status, 'open'),
        gt(parties.startTime, now),
        lt(parties.appliedCount, parties.maxParticipants),
        opts.waitlistFirst ? notExists(tx.select({ id: waitlistEntries.id }).from(waitlistEntries).where(eq(waitlistEntries.partyId, partyId))) : undefined,
      ),
    )
    .returning({ title: parties.title, deposit: parties.deposit });
  if (!seat) return null;

  const [created] = await tx
    .insert(participations)
    .values({ partyId, userId, status: 'pending', holdExpiresAt, createdAt: now })
    .returning({ id: participations.id })
    .catch((err) => {
      if (isUniqueViolation(err, 'participations_active_key')) throw new AlreadyJoined();
      throw err;
    });
  return { participationId: created.id, holdExpiresAt, title: seat.title, deposit: seat.deposit };
}

/** The seat claim failed: say why, checking "already joined" first so a full party you are in answers 409. */
async function whyNoSeat(tx: Tx, userId: number, partyId: number, now: Date) {
  const [party] = await tx.select().from(parties).where(eq(parties.id, partyId));
  if (!party) return detail(404, PM.notFound);
  const [mine] = await tx
    .select({ id: participations.id })
    .from(participations)
    .where(and(eq(participations.partyId, partyId), eq(participations.userId, userId), inArray(participations.status, LIVE_PARTICIPATION_STATUSES)));
  if (mine) return detail(409, PM.alreadyJoined);
  if (party.status === 'cancelled') return detail(400, PM.cancelled);
  if (party.startTime <= now) return detail(400, PM.started);
  return detail(400, PM.full);
}
