import { boolean, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, instant } from './columns';

// The people who run a campus (issue 16): their own accounts, apart from the students' — an operator has no points,
// seats or profile, and a student can never become one by a column's value.
export const operators = pgTable(
  'operators',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
    disabledAt: instant('disabled_at'),
    // Manages the other operators in the console (issue 33). False for every account the migration found: only the
    // server's token names an admin (`npm run ops -- operator:admin`), so no existing login gains power by itself.
    isAdmin: boolean('is_admin').notNull().default(false),
    // Set on each console sign-in; null for an operator who has not signed in since the column came.
    lastSignedInAt: instant('last_signed_in_at'),
  },
  (t) => [uniqueIndex('operators_username_key').on(t.username)],
);

// A console sign-in. The browser holds an opaque token; only its SHA-256 is stored, so a copy of the database
// signs nobody in. Short: it ends after a spell of idleness or at its absolute end, whichever comes first.
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: serial('id').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    lastUsedAt: instant('last_used_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
    revokedAt: instant('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('operator_sessions_hash_key').on(t.tokenHash), index('operator_sessions_operator_idx').on(t.operatorId)],
);
