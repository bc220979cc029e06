import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db/connect';
import type { NotificationKind } from '../db/schema/notification-kinds';
import { notifications } from '../db/schema/notifications';
import { queuePushes } from '../push/outbox-write';
import { noticesWritten } from './after-commit';
import { noticeRoundId } from './link';
import { retireAnswered, writtenRead } from './retire';

export interface NewNotice {
  userId: number;
  kind: NotificationKind;
  message: string;
  partyId?: number;
  /** Same key, same user → stored once, however often or on however many instances the event fires. */
  dedupeKey: string;
  at: Date;
}

/**
 * Writes notifications in the caller's transaction, so an event and its notice commit or roll back together; the
 * earlier notices they answer retire with them (retire.ts), and their pushes are queued with them (push/outbox-write.ts).
 */
export async function notify(tx: Tx, notices: NewNotice | NewNotice[]): Promise<void> {
  const rows = Array.isArray(notices) ? notices : [notices];
  if (!rows.length) return;
  const written = await tx
    .insert(notifications)
    .values(rows.map((n) => ({ userId: n.userId, kind: n.kind, message: n.message, partyId: n.partyId, dedupeKey: n.dedupeKey, isRead: writtenRead(n.kind), createdAt: n.at })))
    .onConflictDoNothing({ target: [notifications.userId, notifications.dedupeKey] })
    .returning(WRITTEN);
  await retireAnswered(tx, written);
  // Only the rows stored now: a notice deduplicated away was pushed (if at all) when it was first written.
  await queuePushes(tx, written);
  noticesWritten(tx, written);
}

const WRITTEN = {
  id: notifications.id,
  userId: notifications.userId,
  kind: notifications.kind,
  message: notifications.message,
  partyId: notifications.partyId,
  roundId: noticeRoundId,
  createdAt: notifications.createdAt,
};

/**
 * Rewrites the user's earlier notice with dedupe key `fromKey` into `notice` (moved to its time, read or unread as
 * told), so the end of an unpaid seat is not a second notice beside its application's — that one only asked to pay
 * in 15 minutes, which no longer holds. Writes `notice` anew when there is no earlier one. Callers end the seat
 * with a conditional update first (releaseSeat), so of two paths racing to end it only one gets here.
 */
export async function replaceNotice(tx: Tx, fromKey: string, n: NewNotice, opts: { read: boolean }): Promise<void> {
  const [rewritten] = await tx
    .update(notifications)
    .set({ kind: n.kind, message: n.message, partyId: n.partyId, dedupeKey: n.dedupeKey, createdAt: n.at, isRead: opts.read })
    .where(and(eq(notifications.userId, n.userId), eq(notifications.dedupeKey, fromKey)))
    .returning(WRITTEN);
  if (!rewritten) return notify(tx, n);
  await retireAnswered(tx, [rewritten]);
  await queuePushes(tx, [rewritten], { replacing: true });
  noticesWritten(tx, [rewritten]);
}

/**
 * Rewrites the user's notice with dedupe key `key` into `n` (unread, moved to its time, same key) while it is still
 * one of the kinds `from`: a conditional update, so of two callers racing to rewrite it only one does (and pushes).
 * False when there is no such notice any more.
 */
export async function rewriteNotice(tx: Tx, key: string, from: NotificationKind[], n: Omit<NewNotice, 'dedupeKey'>): Promise<boolean> {
  const rewritten = await tx
    .update(notifications)
    .set({ kind: n.kind, message: n.message, partyId: n.partyId, createdAt: n.at, isRead: false })
    .where(and(eq(notifications.userId, n.userId), eq(notifications.dedupeKey, key), inArray(notifications.kind, from)))
    .returning(WRITTEN);
  await queuePushes(tx, rewritten, { replacing: true });
  noticesWritten(tx, rewritten);
  return rewritten.length > 0;
}
