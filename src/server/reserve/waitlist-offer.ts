import type { FastifyBaseLogger } from 'fastify';
import { and, asc, eq, gt, inArray, lt } from 'drizzle-orm';
import { LIVE_PARTICIPATION_STATUSES } from '../../shared/parties';
import type { Ctx } from '../context';
import type { Db, Tx } from '../db/connect';
import { lockParty, lockStudents } from '../db/lock-order';
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
 * transaction: nobody is offered twice. No money moves here; the deposit is paid on the payment screen as after a
 * join. The notice is the seat's one notice (its key is a join's), so leaving unpaid or the hold's expiry rewrites
 * it as they rewrite a join's.
 */
async function offerTo(tx: Tx, partyId: number, entry: Entry, now: Date): Promise<Outcome> {
  const [student] = await lockStudents(tx, [entry.userId]);
  await lockParty(tx, partyId);
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
 * Gives the party's free seats to the students in line, first come first, one transaction per offer. Called after a
 * seat is freed (a leave, an operator's edit) and by the sweeper for every party with free seats and a line (held
 * seats that expired, and anything a crash between a release and its offer left behind). Safe to run many times at
 * once: each offer is judged under the locks. Answers the number of seats offered by this call.
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
 * After a request freed a seat and committed: offer it now. A failure here does not undo what the request did (it
 * is answered as done); the sweeper's next round offers the seat instead.
 */
export async function offerAfterRelease(ctx: Ctx, partyId: number, log: FastifyBaseLogger): Promise<void> {
  await offerFreedSeats(ctx, partyId).catch((err: unknown) => log.warn({ err, partyId }, 'waitlist offer deferred to the sweeper'));
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
