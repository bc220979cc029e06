import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Ctx } from '../context';
import { lockParticipation } from '../db/lock-order';
import { retryTransaction } from '../db/retry-transaction';
import type { NotificationKind } from '../db/schema/notification-kinds';
import { notifications } from '../db/schema/notifications';
import { parties, participations } from '../db/schema/parties';
import { NOTICE } from '../notice/messages';
import { rewriteNotice } from '../notice/notify';
import { appliedNoticeKey } from './join';

/** How long before an unpaid seat's hold ends its student is reminded (once). The client never shows it. */
const HOLD_REMINDER_MINUTES = 5;
const BATCH = 500;
// The seat's one notice before the reminder: a join's, or a waitlist offer's (both under appliedNoticeKey).
const NOT_YET_REMINDED: NotificationKind[] = ['applied', 'waitlist_offer'];

/**
 * The sweeper's step: a hold ending within HOLD_REMINDER_MINUTES rewrites its seat's one notice (the application's,
 * which asked to pay within 15 minutes) into the reminder, unread and pushed — so an unpaid seat still has one notice
 * in all, and its expiry or a leave rewrites the reminder as they rewrote the application. Once per hold however
 * many sweeps run: the participation is locked (a payment racing it is before, and no reminder is written, or after,
 * and its notice retires the reminder: notice/retire.ts) and the rewrite only takes a notice not yet rewritten.
 */
export async function remindExpiringHolds(ctx: Ctx, now: Date): Promise<number> {
  const due = await ctx.db
    .select({ id: participations.id, userId: participations.userId, partyId: participations.partyId, title: parties.title })
    .from(participations)
    .innerJoin(parties, eq(parties.id, participations.partyId))
    // appliedNoticeKey, in SQL: only holds whose notice is not the reminder already.
    .innerJoin(
      notifications,
      and(
        eq(notifications.userId, participations.userId),
        eq(notifications.dedupeKey, sql`'applied:' || ${participations.id}`),
        inArray(notifications.kind, NOT_YET_REMINDED),
      ),
    )
    .where(
      and(
        eq(participations.status, 'pending'),
        gt(participations.holdExpiresAt, now),
        lte(participations.holdExpiresAt, new Date(now.getTime() + HOLD_REMINDER_MINUTES * 60_000)),
      ),
    )
    .limit(BATCH);
  let n = 0;
  for (const p of due) {
    const done = await retryTransaction(ctx.db, async (tx) => {
      const seat = await lockParticipation(tx, p.id);
      if (!seat || seat.status !== 'pending' || !seat.holdExpiresAt || seat.holdExpiresAt <= now) return false;
      const message = NOTICE.holdExpiring(p.title, seat.holdExpiresAt.getTime() - now.getTime());
      return rewriteNotice(tx, appliedNoticeKey(p.id), NOT_YET_REMINDED, { userId: p.userId, kind: 'hold_expiring', message, partyId: p.partyId, at: now });
    });
    if (done) n += 1;
  }
  return n;
}
