import { index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { instant } from './columns';
import { userRef } from './users';

// The answers of student actions sent with an Idempotency-Key (http/idempotency/, docs/api.md "Idempotency-Key").
// A key is the student's own: the primary key is (user, key), so another account's same key is another row. The row
// is written by the action's own transaction together with the action's answer, so it commits (or vanishes) with
// the effect; status is null only inside that transaction. The sweeper deletes rows older than 24 hours.
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: userRef('user_id'),
    key: text('key').notNull(),
    // SHA-256 of method, path and body: the same key with another request is refused (422), never answered.
    fingerprint: text('fingerprint').notNull(),
    status: integer('status'),
    body: jsonb('body'),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [primaryKey({ name: 'idempotency_keys_pkey', columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
