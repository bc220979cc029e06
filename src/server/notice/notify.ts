import type { Db, Tx } from '../db/connect';
import type { NotificationKind } from '../db/schema/notification-kinds';
import { notifications } from '../db/schema/notifications';

export interface NewNotice {
  userId: number;
  kind: NotificationKind;
  message: string;
  partyId?: number;
  /** Same key, same user → stored once, however often or on however many instances the event fires. */
  dedupeKey: string;
  at: Date;
}

/** Writes notifications in the caller's transaction, so an event and its notice commit or roll back together. */
export async function notify(tx: Tx | Db, notices: NewNotice | NewNotice[]): Promise<void> {
  const rows = Array.isArray(notices) ? notices : [notices];
  if (!rows.length) return;
  await tx
    .insert(notifications)
    .values(rows.map((n) => ({ userId: n.userId, kind: n.kind, message: n.message, partyId: n.partyId, dedupeKey: n.dedupeKey, createdAt: n.at })))
    .onConflictDoNothing({ target: [notifications.userId, notifications.dedupeKey] });
}
