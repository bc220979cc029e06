import type { FastifyBaseLogger } from 'fastify';
import { and, asc, eq, gt, inArray, lt } from 'drizzle-orm';
import { LIVE_PARTICIPATION_STATUSES } from '../../shared/parties';
import type { Ctx } from '../context';
import type { Db, Tx } from '../db/connect';
import { type LockedStudent, lockParty, lockStudents, tryLockStudent } from '../db/lock-order';
import { retryTransaction } from '../db/retry-transaction';
import { parties, participations, waitlistEntries } from '../db/schema/parties';
import { NOTICE } from '../notice/messages';
import { notify } from '../notice/notify';
import { appliedNoticeKey, takeSeat } from './join';

type Entry = { id: number; userId: number };
type Outcome = 'offered' | 'again' | 'no-seat';

const firstInLine = (tx: Tx | Db, partyId: number) =>
  tx
    .select({ id: waitlistEntries.id, userId: waitlistEntries.userId })
    .from(waitlistEntries)
    .where(eq(waitlistEntries.partyId, partyId))
    .orderBy(asc(waitlistEntries.id))
    .limit(1);

/**
 * Offers one free seat to `entry`, if it is still first in line. Lock order (db/lock-order.ts): the student, then
 * the party — the same as a join, whose seat-taking code this reuses (takeSeat), so the offer is an unpaid seat held
 * for the usual 15 minutes. Under the party's lock the line and the seats cannot change, so of several offers racing
 * for one freed seat one takes it, to the first in line, and that student's row leaves the line in the same
 * transaction: nobody is offered twice.
 */
async function offerTo(tx: Tx, partyId: number, entry: Entry, now: Date): Promise<Outcome> {
  const [student] = await lockStudents(tx, [entry.userId]);
  await lockParty(tx, partyId);
  return offerLocked(tx, partyId, entry, student, now);
}

/**
 * The offer itself, with the student's row and the party's locked (`student` undefined: no such account). No money
 * moves here; the deposit is paid on the payment screen as after a join. The notice is the seat's one notice (its
 * key is a join's), so leaving unpaid or the hold's expiry rewrites it as they rewrite a join's.
 */
async function offerLocked(tx: Tx, partyId: number, entry: Entry, student: LockedStudent | undefined, now: Date): Promise<Outcome> {
  const [first] = await firstInLine(tx, partyId);
  if (!first || first.id !== entry.id) return 'again'; // left the line, or was offered a seat by a racing call
  const drop = async () => {
    await tx.delete(waitlistEntries).where(eq(waitlistEntries.id, entry.id));
    return 'again' as const;
  };
  if (!student || student.deletedAt) return drop();
  const [seated] = await tx
    .select({ id: participations.id })
    .from(participations)
    .where(and(eq(participations.partyId, partyId), eq(participations.userId, entry.userId), inArray(participations.status, LIVE_PARTICIPATION_STATUSES)));
  if (seated) return drop();

  const seat = await takeSeat(tx, entry.userId, partyId, now, { waitlistFirst: false });
  if (!seat) return 'no-seat'; // full again, started or cancelled: the line waits
  await tx.delete(waitlistEntries).where(eq(waitlistEntries.id, entry.id));
  await notify(tx, {
    userId: entry.userId,
    kind: 'waitlist_offer',
    message: NOTICE.waitlistOffer(seat.title, seat.deposit),
    partyId,
    dedupeKey: appliedNoticeKey(seat.participationId),
    at: now,
  });
  return 'offered';
}

/**
 * Offers the free seats of `partyIds` to their lines inside the caller's transaction, which has locked those parties
 * (a release does): so the seats a leave, a withdrawal or a suspension frees are offered in the very commit that
 * frees them, and no moment exists, not even after a crash, where a seat is free beside a line. The student first in
 * line is locked after the party (lock-order.ts's one exception), never waited for: one who is busy with an action
 * of their own at that instant is skipped, and that party is answered, for offerAfterRelease once this commits.
 */
export async function offerInTransaction(tx: Tx, partyIds: number[], now: Date): Promise<number[]> {
  const later: number[] = [];
  for (const partyId of [...new Set(partyIds)].sort((a, b) => a - b)) {
    for (;;) {
      const [next] = await firstInLine(tx, partyId);
      if (!next) break;
      const student = await tryLockStudent(tx, next.userId);
      if (!student) {
        later.push(partyId);
        break;
      }
      if ((await offerLocked(tx, partyId, next, student, now)) === 'no-seat') break;
    }
  }
  return later;
}

/**
 * Gives the party's free seats to the students in line, first come first, one transaction per offer: for what a
 * request could not offer in its own transaction (offerAfterRelease), and for the sweeper, for every party with free
 * seats and a line (holds that expired, an offer after a commit that failed). Safe to run many times at once:
 * each offer is judged under the locks. Answers the number of seats offered by this call.
 */
async function offerFreedSeats(ctx: Ctx, partyId: number): Promise<number> {
  let offered = 0;
  for (;;) {
    const [next] = await firstInLine(ctx.db, partyId);
    if (!next) return offered;
    const outcome = await retryTransaction(ctx.db, (tx) => offerTo(tx, partyId, next, ctx.clock.now()));
    if (outcome === 'no-seat') return offered;
    if (outcome === 'offered') offered += 1;
  }
}

/**
 * After a request that freed seats committed: offer what it could not offer itself (an operator raising the seats,
 * or offerInTransaction's busy students). A failure here does not undo what the request did (it is answered as
 * done); the sweeper's next round offers the seat instead.
 */
export async function offerAfterRelease(ctx: Ctx, partyIds: number[], log: FastifyBaseLogger): Promise<void> {
  for (const partyId of partyIds) {
    await offerFreedSeats(ctx, partyId).catch((err: unknown) => log.warn({ err, partyId }, 'waitlist offer deferred to the sweeper'));
  }
}

/** The sweeper's step: every open, upcoming party with a free seat and someone in line. */
export async function offerWaitingParties(ctx: Ctx, now: Date): Promise<number> {
  const due = await ctx.db
    .selectDistinct({ id: parties.id })
    .from(waitlistEntries)
    .innerJoin(parties, eq(parties.id, waitlistEntries.partyId))
    .where(and(eq(parties.status, 'open'), gt(parties.startTime, now), lt(parties.appliedCount, parties.maxParticipants)));
  let n = 0;
  for (const p of due) n += await offerFreedSeats(ctx, p.id);
  return n;
}
