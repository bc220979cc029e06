import { and, asc, count, eq, gt, inArray, lte } from 'drizzle-orm';
import { LIVE_PARTICIPATION_STATUSES, type MyWaitlistEntry } from '../../shared/parties';
import type { Ctx } from '../context';
import type { Db, Tx } from '../db/connect';
import { retryTransaction } from '../db/retry-transaction';
import { parties, participations, waitlistEntries } from '../db/schema/parties';
import { places } from '../db/schema/places';
import { detail } from '../http/errors';
import { claimIdempotencyKey, recordIdempotentAnswer } from '../http/idempotency/key-claim';
import { PARTY_MESSAGES as PM } from '../parties/messages';
import { lockOpenStudent } from './student-guard';

/** My place in the party's line: the rows up to and including mine (ids follow the order of getting in line). */
async function positionOf(db: Db | Tx, partyId: number, entryId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.partyId, partyId), lte(waitlistEntries.id, entryId)));
  return row.n;
}

/**
 * Gets in line for a seat of a full party. The same student checks as a join (approved card, additional info),
 * under the student's row lock, then the party's (lock order: db/lock-order.ts): under it, the seat count and the
 * line cannot change, so "full" is judged as it is and the new row's id comes after every row already in line.
 * Full means no free seat, or students already waiting for the free ones (a join finds no seat then, join.ts).
 */
export async function joinWaitlist(ctx: Ctx, userId: number, partyId: number): Promise<{ position: number }> {
  const now = ctx.clock.now();
  return retryTransaction(ctx.db, async (tx) => {
    await claimIdempotencyKey(tx);
    await lockOpenStudent(tx, userId, { joining: true, now });
    const [party] = await tx.select().from(parties).where(eq(parties.id, partyId)).for('no key update');
    if (!party) throw detail(404, PM.notFound);
    if (party.status === 'cancelled') throw detail(400, PM.cancelled);
    if (party.startTime <= now) throw detail(400, PM.started);
    const [seat] = await tx
      .select({ id: participations.id })
      .from(participations)
      .where(and(eq(participations.partyId, partyId), eq(participations.userId, userId), inArray(participations.status, LIVE_PARTICIPATION_STATUSES)));
    if (seat) throw detail(409, PM.alreadyJoined);
    const [waiting] = await tx.select({ n: count() }).from(waitlistEntries).where(eq(waitlistEntries.partyId, partyId));
    if (party.appliedCount < party.maxParticipants && waiting.n === 0) throw detail(409, PM.waitlistNotFull);

    const [entry] = await tx.insert(waitlistEntries).values({ partyId, userId, createdAt: now }).onConflictDoNothing().returning({ id: waitlistEntries.id });
    if (!entry) throw detail(409, PM.waitlistAlready);
    return recordIdempotentAnswer(tx, { position: await positionOf(tx, partyId, entry.id) });
  });
}

/**
 * Leaves the line. Under the student's row lock, the lock an offer to this student takes first
 * (waitlist-offer.ts): either the offer came first (the row is gone, 404, and the student holds an unpaid seat) or
 * this leave did (the offer goes to the next in line).
 */
export async function leaveWaitlist(ctx: Ctx, userId: number, partyId: number): Promise<void> {
  await retryTransaction(ctx.db, async (tx) => {
    await claimIdempotencyKey(tx);
    await lockOpenStudent(tx, userId);
    const [gone] = await tx
      .delete(waitlistEntries)
      .where(and(eq(waitlistEntries.partyId, partyId), eq(waitlistEntries.userId, userId)))
      .returning({ id: waitlistEntries.id });
    if (gone) return recordIdempotentAnswer(tx, null);
    const [party] = await tx.select({ id: parties.id }).from(parties).where(eq(parties.id, partyId));
    throw detail(404, party ? PM.waitlistNone : PM.notFound);
  });
}

/** My position in the party's line, null when I am not in it (an unknown party is 404, as everywhere). */
export async function myWaitlistPosition(ctx: Ctx, userId: number, partyId: number): Promise<{ position: number | null }> {
  const [party] = await ctx.db.select({ id: parties.id }).from(parties).where(eq(parties.id, partyId));
  if (!party) throw detail(404, PM.notFound);
  const [entry] = await ctx.db
    .select({ id: waitlistEntries.id })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.partyId, partyId), eq(waitlistEntries.userId, userId)));
  return { position: entry ? await positionOf(ctx.db, partyId, entry.id) : null };
}

/** The upcoming open parties I wait for, soonest first, with my position in each (the assistant lists them). */
export async function myWaitlist(ctx: Ctx, userId: number): Promise<MyWaitlistEntry[]> {
  const rows = await ctx.db
    .select({ id: waitlistEntries.id, partyId: parties.id, title: parties.title, startTime: parties.startTime, placeName: places.name })
    .from(waitlistEntries)
    .innerJoin(parties, eq(parties.id, waitlistEntries.partyId))
    .innerJoin(places, eq(places.id, parties.placeId))
    .where(and(eq(waitlistEntries.userId, userId), eq(parties.status, 'open'), gt(parties.startTime, ctx.clock.now())))
    .orderBy(asc(parties.startTime));
  return Promise.all(
    rows.map(async (r) => ({ party_id: r.partyId, title: r.title, start_time: r.startTime.toISOString(), place_name: r.placeName, position: await positionOf(ctx.db, r.partyId, r.id) })),
  );
}
