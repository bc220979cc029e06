import { index, pgTable, serial, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, instant } from './columns';
import { userRef } from './users';

// Refresh tokens rotate on every use; a family is one login's chain. Only a SHA-256 of the token is stored.
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    userId: userRef('user_id'),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    revokedAt: instant('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash), index('refresh_tokens_family_idx').on(t.familyId)],
);
