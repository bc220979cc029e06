import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { LEDGER_KINDS } from '../../../shared/points';
import { inList } from '../sql-in-list';
import { createdAt } from './columns';
import { parties, participations } from './parties';
import { userRef } from './users';

// Every change of points is a row. users.points is the running balance, updated in the same transaction.
export const pointLedger = pgTable(
  'point_ledger',
  {
    id: serial('id').primaryKey(),
    userId: userRef('user_id'),
    amount: integer('amount').notNull(),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    partyId: integer('party_id').references(() => parties.id),
    participationId: integer('participation_id').references(() => participations.id),
    reason: text('reason').notNull().default(''),
    balanceAfter: integer('balance_after').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('point_ledger_user_idx').on(t.userId),
    // A participation is charged, returned, refunded or forfeited at most once each: double charges are impossible.
    uniqueIndex('point_ledger_participation_kind_key')
      .on(t.participationId, t.kind)
      .where(sql`${t.participationId} is not null`),
    check('point_ledger_balance_nonnegative', sql`${t.balanceAfter} >= 0`),
    // Unqualified, as 0000_init.sql created it: qualifying the name now would be a schema change to drizzle-kit.
    check('point_ledger_kind', inList(sql.raw(t.kind.name), LEDGER_KINDS)),
  ],
);
