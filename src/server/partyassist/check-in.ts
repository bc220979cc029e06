import { and, eq } from 'drizzle-orm';
import { NO_SHOW_HOURS, STANDBY_OPENS_MINUTES } from '../../shared/constants';
import type { Ctx } from '../context';
import type { Tx } from '../db/connect';
import { lockParticipation, lockStudents } from '../db/lock-order';
import { retryTransaction } from '../db/retry-transaction';
import { parties, participations } from '../db/schema/parties';
import { NOTICE } from '../notice/messages';
import { notify } from '../notice/notify';
import { retireOnArrival } from '../notice/retire';
import { applyPoints } from '../points/ledger';

/** Where "inside the standby window" stands against a time: from 30 minutes before the start until 3 hours after. */
export function standbyWindow(startTime: Date, now: Date): 'early' | 'open' | 'closed' {
  if (now.getTime() < startTime.getTime() - STANDBY_OPENS_MINUTES * 60_000) return 'early';
  if (now.getTime() > startTime.getTime() + NO_SHOW_HOURS * 3_600_000) return 'closed';
  return 'open';
}

type Participation = typeof participations.$inferSelect;

/**
 * Marks a confirmed participant present, the first time only, and returns a held deposit (ledger row and
 * notification; the unique ledger key and the dedupe key make a second return impossible anyway). The caller has
 * locked the student and then `mine` (db/lock-order.ts) and checked the standby window. Returns the values the
 * participation now has, for the caller's own update.
 */
export async function recordCheckIn(tx: Tx, mine: Participation, party: { id: number; title: string }, now: Date) {
  // The student is here: the reminders and the lobby's and the game's calls to come are answered (notice/retire.ts).
  await retireOnArrival(tx, mine.userId, party.id);
  // Already present; or the sweeper settled this seat as a no-show first — it read its clock a moment later, past
  // the window, and took the student's lock first. The forfeit and its warning stand: one outcome, never both.
  if (mine.checkedInAt || mine.depositState === 'forfeited') return {};
  const returning = mine.depositState === 'held';
  const changes = { checkedInAt: now, ...(returning ? { depositState: 'returned' as const } : {}) };
  await tx.update(participations).set(changes).where(eq(participations.id, mine.id));
  if (returning && mine.paidAmount) {
    await applyPoints(tx, { userId: mine.userId, amount: mine.paidAmount, kind: 'deposit_returned', partyId: party.id, participationId: mine.id, reason: party.title, at: now });
    await notify(tx, {
      userId: mine.userId,
      kind: 'deposit_returned',
      message: NOTICE.depositReturned(party.title, mine.paidAmount),
      partyId: party.id,
      dedupeKey: `deposit_returned:${mine.id}`,
      at: now,
    });
  }
  return changes;
}

/**
 * A confirmed participant showed up without tapping 대기하기: opened the lobby socket, the game socket or the round
 * inside the standby window (a late arrival whose lobby forwards them straight into a running game). That is a
 * check-in too, so the deposit comes back and the sweeper will not call them a no-show. Cheap when there is
 * nothing to do, which is nearly always: one read, and for a participant inside the window one update of their
 * unread calls to come, no transaction.
 */
export async function checkInOnArrival(ctx: Ctx, userId: number, partyId: number): Promise<void> {
  const now = ctx.clock.now();
  const [found] = await ctx.db
    .select({ id: participations.id, checkedInAt: participations.checkedInAt, startTime: parties.startTime, status: parties.status, title: parties.title })
    .from(participations)
    .innerJoin(parties, eq(parties.id, participations.partyId))
    .where(and(eq(participations.partyId, partyId), eq(participations.userId, userId), eq(participations.status, 'confirmed')));
  if (!found || found.status === 'cancelled' || standbyWindow(found.startTime, now) !== 'open') return;
  // Checked in already (on standby, then forwarded into the game): coming answers the game's call all the same.
  if (found.checkedInAt) return retireOnArrival(ctx.db, userId, partyId);
  await retryTransaction(ctx.db, async (tx) => {
    await lockStudents(tx, [userId]);
    const mine = await lockParticipation(tx, found.id);
    if (!mine || mine.status !== 'confirmed') return;
    await recordCheckIn(tx, mine, { id: partyId, title: found.title }, now);
  });
}
