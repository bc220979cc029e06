import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { SUSPENSION_REASON_MAX } from '../../../shared/suspension';
import { createdAt, instant } from './columns';
import { operators } from './operators';
import { userRef } from './users';

// An operator's suspension of a student (issue 29): kept as history, never deleted. It is in force while it is
// not lifted and its end (null: no end) is still ahead — compared with the clock at each check, so it ends by
// itself without a job. Rows are written under the student's row lock (db/lock-order.ts), so one student has at
// most one suspension in force.
export const suspensions = pgTable(
  'suspensions',
  {
    id: serial('id').primaryKey(),
    userId: userRef('user_id'),
    reason: text('reason').notNull(),
    endsAt: instant('ends_at'),
    // What the operator chose for the seats released: every deposit back, or the leave rule's refund.
    refundInFull: boolean('refund_in_full').notNull().default(false),
    // Null when the shared X-Ops-Token acted; `actor` then says "token" (as in the audit log).
    operatorId: integer('operator_id').references(() => operators.id),
    actor: text('actor').notNull(),
    createdAt: createdAt(),
    liftedAt: instant('lifted_at'),
    liftedBy: text('lifted_by'),
  },
  (t) => [
    index('suspensions_user_idx').on(t.userId, t.id),
    check('suspensions_reason_length', sql`char_length(${t.reason}) between 1 and ${sql.raw(String(SUSPENSION_REASON_MAX))}`),
  ],
);
