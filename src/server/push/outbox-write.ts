import { inArray } from 'drizzle-orm';
import type { PushPayload } from '../../shared/push';
import type { Tx } from '../db/connect';
import { pushOutbox } from '../db/schema/push-outbox';
import { pushSubscriptions } from '../db/schema/push';
import type { WrittenNotice } from '../notice/after-commit';
import { noticeLink } from '../notice/link';
import { PUSH_TITLE } from '../notice/messages';

/** A notice as stored, with what its push needs: its id (the push's Topic) and its time (the push's TTL counts from it). */
export interface StoredNotice extends WrittenNotice {
  id: number;
  createdAt: Date;
}

// A cancelled party of hundreds, each with a few browsers: well under PostgreSQL's 65,535 parameters per statement.
const ROWS_PER_INSERT = 1_000;

/**
 * Queues the pushes of notices just written, in the writer's transaction (notify.ts): one outbox row per browser of the
 * notice's student, for the pushed kinds (PUSH_TITLE) only. The rows commit or roll back with the notice; the
 * outbox worker sends them (outbox-worker.ts).
 */
export async function queuePushes(tx: Tx, notices: StoredNotice[], opts: { replacing?: boolean } = {}): Promise<void> {
  // A notice rewritten in place (notify.ts replaceNotice, rewriteNotice) says something new: the push of what it said
  // before is stale if it has not left yet (an offer to pay that has since expired), so it goes.
  if (opts.replacing && notices.length) await tx.delete(pushOutbox).where(inArray(pushOutbox.noticeId, notices.map((n) => n.id)));
  const pushed = notices.filter((n) => PUSH_TITLE[n.kind]);
  if (!pushed.length) return;
  const subs = await tx
    .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId })
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.userId, [...new Set(pushed.map((n) => n.userId))]));
  const rows = pushed.flatMap((n) => {
    const payload: PushPayload = { title: PUSH_TITLE[n.kind] as string, body: n.message, link: noticeLink(n) };
    return subs
      .filter((s) => s.userId === n.userId)
      .map((s) => ({ noticeId: n.id, userId: n.userId, subscriptionId: s.id, payload, createdAt: n.createdAt, nextAttemptAt: n.createdAt }));
  });
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) await tx.insert(pushOutbox).values(rows.slice(i, i + ROWS_PER_INSERT));
}
