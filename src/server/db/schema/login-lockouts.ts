import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { instant } from './columns';

// How often a password sign-in has failed for one username (from devices without a device cookie), or for one
// device cookie (auth/account-lockout.ts). In the database rather than in Redis: every instance sees the same row
// with or without REDIS_URL, and a row lock lets exactly the allowed number of concurrent attempts through.
// The subject is a name, not a reference: unknown usernames are counted the same, so the answers never tell
// which accounts exist. A row nobody touched for an hour past its last failure or lock is forgotten, and the
// sweeper deletes it.
export const loginLockouts = pgTable(
  'login_lockouts',
  {
    // `login:<username>`, `ops-login:<username>`, or `<scope>-device:<nonce>` for a device cookie.
    subject: text('subject').primaryKey(),
    // Failures since the last lock, plus the attempts being checked right now (each is counted before its check).
    attempts: integer('attempts').notNull().default(0),
    // Locks so far: each one lasts twice the one before.
    lockouts: integer('lockouts').notNull().default(0),
    lockedUntil: instant('locked_until'),
    forgetAt: instant('forget_at').notNull(),
  },
  (t) => [index('login_lockouts_forget_idx').on(t.forgetAt)],
);
