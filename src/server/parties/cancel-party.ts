import { and, eq, inArray, ne } from 'drizzle-orm';
import { LIVE_PARTICIPATION_STATUSES } from '../../shared/parties';
import type { Ctx } from '../context';
import type { Tx } from '../db/connect';
import { lockStudents } from '../db/lock-order';
import { retryTransaction } from '../db/retry-transaction';
import { parties, participations, waitlistEntries } from '../db/schema/parties';
import { NOTICE } from '../notice/messages';
import { notify } from '../notice/notify';
import { type OpsActor, recordAudit } from '../ops/audit';
import { releaseSeat } from '../reserve/release-seat';

const liveSeats = (tx: Tx, partyId: number) =>
  tx
    .select({ id: participations.id, userId: participations.userId })
    .from(participations)
    .where(and(eq(participations.partyId, partyId), inArray(participations.status, LIVE_PARTICIPATION_STATUSES)));

const NOTHING_CANCELLED = { cancelled: 0, refunded_points: 0 };

/**
 * An operator cancels a party: every live participation ends, paid deposits are refunded in full whatever the
 * time, and each student is told — those waiting in its line too. One transaction, so a failure leaves the party and every seat as they were.
 * Cancelling twice is harmless: the second call changes nothing and answers so. Null when there is no such party.
 * The operator's audit row is written in the same transaction.
 *
 * Lock order (db/lock-order.ts): the seat holders' students first, then the party. A join needs the party after
 * its student, so once the party is locked nobody new can sit down; someone who sat down between the first read
 * and the party lock is locked next (out of order, but only for that moment's newcomers — a deadlock there is
 * rolled back and retried).
 */
export async function cancelParty(ctx: Ctx, partyId: number, actor: OpsActor): Promise<{ cancelled: number; refunded_points: number } | null> {
  const now = ctx.clock.now();
  return retryTransaction(ctx.db, async (tx) => {
    const holders = new Set((await liveSeats(tx, partyId)).map((s) => s.userId));
    await lockStudents(tx, [...holders]);
    // The status before, for the audit row: read under the party's lock (the one the update below takes anyway), so
    // of two cancels the second sees the first's "cancelled".
    const [before] = await tx.select({ status: parties.status }).from(parties).where(eq(parties.id, partyId)).for('update');
    if (!before) return null;
    // Whether this call cancels anything is what the update changed: a party already cancelled keeps its first
    // cancelled_at, and the call writes nothing — no refund, no notice, no audit row (the log holds changes).
    const [party] = await tx
      .update(parties)
      .set({ status: 'cancelled', cancelledAt: now })
      .where(and(eq(parties.id, partyId), ne(parties.status, 'cancelled')))
      .returning({ title: parties.title });
    if (!party) return NOTHING_CANCELLED;
    const live = await liveSeats(tx, partyId);
    await lockStudents(tx, live.map((s) => s.userId).filter((id) => !holders.has(id)));
    let refunded = 0;
    for (const p of live) {
      const released = await releaseSeat(tx, p.id, { to: 'cancelled', refund: true, now, reason: `${party.title} (파티 취소)` });
      if (!released) continue;
      refunded += released.refunded;
      await notify(tx, {
        userId: released.userId,
        kind: 'party_cancelled',
        message: NOTICE.partyCancelled(party.title, released.refunded),
        partyId,
        dedupeKey: `party_cancelled:${p.id}`,
        at: now,
      });
    }
    // No seat will ever be offered: the line closes with the party, and each student in it is told (they paid
    // nothing, so the notice is the bare cancellation; pushed like the seat holders').
    const waiting = await tx.delete(waitlistEntries).where(eq(waitlistEntries.partyId, partyId)).returning({ id: waitlistEntries.id, userId: waitlistEntries.userId });
    await notify(
      tx,
      waiting.map((w) => ({
        userId: w.userId,
        kind: 'party_cancelled' as const,
        message: NOTICE.partyCancelled(party.title, 0),
        partyId,
        dedupeKey: `party_cancelled:waitlist:${w.id}`,
        at: now,
      })),
    );
    const result = { cancelled: live.length, refunded_points: refunded };
    await recordAudit(tx, actor, { action: 'party.cancel', targetType: 'party', targetId: partyId, before, after: { status: 'cancelled', ...result }, at: now });
    return result;
  });
}
