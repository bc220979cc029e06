import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { parties, participations } from './parties';
import { users } from './users';

const LEDGER_KINDS = ['welcome', 'deposit_paid', 'deposit_returned', 'deposit_forfeited', 'refund', 'operator_grant'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

// Every change of points is a row. users.points is the running balance, updated in the same transaction.
export const pointLedger = pgTable(
  'point_ledger',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    kind: text('kind').notNull(),
    partyId: integer('party_id').references(() => parties.id),
    participationId: integer('participation_id').references(() => participations.id),
    reason: text('reason').notNull().default(''),
    balanceAfter: integer('balance_after').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('point_ledger_user_idx').on(t.userId),
    // A participation is charged, returned, refunded or forfeited at most once each: double charges are impossible.
    uniqueIndex('point_ledger_participation_kind_key')
      .on(t.participationId, t.kind)
      .where(sql`${t.participationId} is not null`),
    check('point_ledger_balance_nonnegative', sql`${t.balanceAfter} >= 0`),
    check('point_ledger_kind', sql.raw(`kind in (${LEDGER_KINDS.map((k) => `'${k}'`).join(', ')})`)),
  ],
);
