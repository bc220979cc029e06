import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { NOTIFICATION_KINDS } from './notification-kinds';
import { parties } from './parties';
import { users } from './users';

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    message: text('message').notNull(),
    partyId: integer('party_id').references(() => parties.id),
    // e.g. 'reminder_24h:{participationId}': a job that runs twice, or on two instances, notifies once.
    dedupeKey: text('dedupe_key'),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt), uniqueIndex('notifications_dedupe_key').on(t.userId, t.dedupeKey)],
);
