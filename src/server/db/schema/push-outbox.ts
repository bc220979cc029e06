import { index, integer, jsonb, pgTable, serial } from 'drizzle-orm/pg-core';
import type { PushPayload } from '../../../shared/push';
import { instant } from './columns';

// The pushes still to send (push/outbox-worker.ts): one row per (notice, push subscription), written in the notice's
// own transaction, so a push is neither sent for a rolled-back notice nor lost with the instance that wrote it —
// whichever instance is alive claims it. No foreign keys, on purpose: a row must never fail the transaction of the
// action that wrote it (a subscription deleted at that very moment), and the worker drops a row whose subscription is
// gone or belongs to another student by now. A table of its own, so instances of the release before it run beside.
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: serial('id').primaryKey(),
    noticeId: integer('notice_id').notNull(),
    /** The notice's student: a subscription that has moved to another student since is not sent it. */
    userId: integer('user_id').notNull(),
    subscriptionId: integer('subscription_id').notNull(),
    payload: jsonb('payload').$type<PushPayload>().notNull(),
    /** When the notice was written: the push's time to live (TTL_SECONDS) counts from here. */
    createdAt: instant('created_at').notNull(),
    /** Sends tried so far, the claim counting as one; also the claim's fence (a late answer to an old claim changes nothing). */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at').notNull(),
    /** While in the future, an instance is sending it; past it (that instance died) any instance may claim it again. */
    leaseUntil: instant('lease_until'),
  },
  (t) => [
    index('push_outbox_due_idx').on(t.nextAttemptAt),
    index('push_outbox_subscription_idx').on(t.subscriptionId),
    index('push_outbox_notice_idx').on(t.noticeId),
  ],
);
