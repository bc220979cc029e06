import { sql } from 'drizzle-orm';
import { check, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { REPORT_CATEGORIES, REPORT_STATUSES } from '../../../shared/community';
import { inList } from '../sql-in-list';
import { createdAt, instant } from './columns';
import { parties } from './parties';
import { userRef } from './users';

export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    partyId: integer('party_id')
      .notNull()
      .references(() => parties.id),
    userId: userRef('user_id'),
    q1Rating: integer('q1_rating').notNull(),
    q2Rating: integer('q2_rating').notNull(),
    q3Rating: integer('q3_rating').notNull(),
    comment: text('comment').notNull().default(''),
    createdAt: createdAt(),
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
    reporterId: userRef('reporter_id'),
    reportedUserId: userRef('reported_user_id'),
    category: text('category', { enum: REPORT_CATEGORIES }).notNull(),
    content: text('content').notNull(),
    status: text('status', { enum: REPORT_STATUSES }).notNull().default('pending'),
    resolvedAt: instant('resolved_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reports_once_key').on(t.reporterId, t.reportedUserId, t.partyId),
    check('reports_not_self', sql`${t.reporterId} <> ${t.reportedUserId}`),
    // Unqualified, as 0000_init.sql created it: qualifying the name now would be a schema change to drizzle-kit.
    check('reports_category', inList(sql.raw(t.category.name), REPORT_CATEGORIES)),
    check('reports_status', inList(t.status, REPORT_STATUSES)),
  ],
);
