import { boolean, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { NOTIFICATION_KINDS } from './notification-kinds';
import { parties } from './parties';
import { userRef } from './users';

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: userRef('user_id'),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    message: text('message').notNull(),
    partyId: integer('party_id').references(() => parties.id),
    // e.g. 'reminder_24h:{participationId}': a job that runs twice, or on two instances, notifies once.
    dedupeKey: text('dedupe_key'),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt), uniqueIndex('notifications_dedupe_key').on(t.userId, t.dedupeKey)],
);
