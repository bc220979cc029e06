import { sql } from 'drizzle-orm';
import { check, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { parties } from './parties';
import { users } from './users';

const REPORT_CATEGORIES = ['FAKE_INFO', 'UNPLEASANT', 'INAPPROPRIATE_ACT', 'BAD_PHOTO', 'OTHER'] as const;

export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    partyId: integer('party_id')
      .notNull()
      .references(() => parties.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    q1Rating: integer('q1_rating').notNull(),
    q2Rating: integer('q2_rating').notNull(),
    q3Rating: integer('q3_rating').notNull(),
    comment: text('comment').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reviews_party_user_key').on(t.partyId, t.userId),
    check('reviews_ratings', sql`${t.q1Rating} between 1 and 5 and ${t.q2Rating} between 1 and 5 and ${t.q3Rating} between 1 and 5`),
  ],
);

export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    partyId: integer('party_id')
      .notNull()
      .references(() => parties.id),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reportedUserId: integer('reported_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    content: text('content').notNull(),
    // pending → confirmed (warning given) | dismissed
    status: text('status').notNull().default('pending'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reports_once_key').on(t.reporterId, t.reportedUserId, t.partyId),
    check('reports_not_self', sql`${t.reporterId} <> ${t.reportedUserId}`),
    check('reports_category', sql.raw(`category in (${REPORT_CATEGORIES.map((c) => `'${c}'`).join(', ')})`)),
    check('reports_status', sql`${t.status} in ('pending', 'confirmed', 'dismissed')`),
  ],
);
