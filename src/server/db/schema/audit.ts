import { check, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { AUDIT_ACTIONS, AUDIT_TARGETS } from '../../../shared/audit';
import { inList } from '../sql-in-list';
import { createdAt } from './columns';
import { operators } from './operators';

// Every operator action, appended and never changed: who (an operator, or the shared token used by the CLI and
// automation), what, on which row, the values before and after. The migration adds a trigger that refuses UPDATE
// and DELETE, so not even a bug in our code can rewrite history.
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    // Null when the shared X-Ops-Token acted (the CLI, automation); `actor` then says "token".
    operatorId: integer('operator_id').references(() => operators.id),
    actor: text('actor').notNull(),
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    targetType: text('target_type', { enum: AUDIT_TARGETS }).notNull(),
    targetId: integer('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_target_idx').on(t.targetType, t.targetId),
    check('audit_log_action', inList(t.action, AUDIT_ACTIONS)),
    check('audit_log_target_type', inList(t.targetType, AUDIT_TARGETS)),
  ],
);
