import { check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { inList } from '../sql-in-list';
import { createdAt, instant } from './columns';
import { operators } from './operators';
import { userRef } from './users';

/** Who asked for a link: an operator (the console, or the CLI's token) or the student through 비밀번호 찾기. */
export const RESET_ISSUERS = ['operator', 'email'] as const;

// One-time password-reset links (auth/password-reset.ts). Only a SHA-256 of the link's token is kept, as for refresh
// tokens: a copy of the database opens no account. A link is spent by setting used_at (a conditional update, so of
// two uses exactly one wins) and dies early with revoked_at when a newer one is issued for the same student.
export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    userId: userRef('user_id'),
    tokenHash: text('token_hash').notNull(),
    // Which operator issued it is in the audit log too; set null when that account is removed.
    issuedBy: text('issued_by', { enum: RESET_ISSUERS }).notNull(),
    operatorId: integer('operator_id').references(() => operators.id, { onDelete: 'set null' }),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    revokedAt: instant('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('password_resets_issued_by', inList(t.issuedBy, RESET_ISSUERS)),
    uniqueIndex('password_resets_token_hash_key').on(t.tokenHash), index('password_resets_user_idx').on(t.userId),
  ],
);
