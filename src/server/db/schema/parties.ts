import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { DEPOSIT_STATES, LIVE_PARTICIPATION_STATUSES, PARTICIPATION_STATUSES, PARTY_STATUSES } from '../../../shared/parties';
import { inList } from '../sql-in-list';
import { createdAt, instant } from './columns';
import { places, tags } from './places';
import { userRef } from './users';

export const parties = pgTable(
  'parties',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    placeId: integer('place_id')
      .notNull()
      .references(() => places.id),
    startTime: instant('start_time').notNull(),
    maxParticipants: integer('max_participants').notNull(),
    deposit: integer('deposit').notNull().default(0),
    // Seats held by pending + confirmed participations. Claimed with a conditional UPDATE so it can never pass
    // max_participants, whatever the concurrency; the CHECK is the last line of defence.
    appliedCount: integer('applied_count').notNull().default(0),
    status: text('status', { enum: PARTY_STATUSES }).notNull().default('open'),
    cancelledAt: instant('cancelled_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('parties_start_time_idx').on(t.startTime),
    check('parties_max_positive', sql`${t.maxParticipants} > 0`),
    check('parties_deposit_nonnegative', sql`${t.deposit} >= 0`),
    check('parties_seats', sql`${t.appliedCount} >= 0 and ${t.appliedCount} <= ${t.maxParticipants}`),
    check('parties_status', inList(t.status, PARTY_STATUSES)),
  ],
);

export const partyTags = pgTable(
  'party_tags',
  {
    partyId: integer('party_id')
      .notNull()
      .references(() => parties.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  // The key serves a party's tags; the tag filter (parties/list-filters.ts) goes from a tag to its parties.
  (t) => [primaryKey({ columns: [t.partyId, t.tagId] }), index('party_tags_tag_idx').on(t.tagId)],
);

export const participations = pgTable(
  'participations',
  {
    id: serial('id').primaryKey(),
    partyId: integer('party_id')
      .notNull()
      .references(() => parties.id),
    userId: userRef('user_id'),
    // pending (seat held, unpaid) → confirmed (paid) | cancelled (left) | expired (hold ran out).
    status: text('status', { enum: PARTICIPATION_STATUSES }).notNull().default('pending'),
    holdExpiresAt: instant('hold_expires_at'),
    paidAt: instant('paid_at'),
    paidAmount: integer('paid_amount'),
    cancelledAt: instant('cancelled_at'),
    // What happened to the paid deposit: none (nothing paid) → held → returned (checked in) | refunded (left in
    // time, or party cancelled) | forfeited (no-show). Moved only by conditional updates, so each happens once.
    depositState: text('deposit_state', { enum: DEPOSIT_STATES }).notNull().default('none'),
    isStandby: boolean('is_standby').notNull().default(false),
    checkedInAt: instant('checked_in_at'),
    createdAt: createdAt(),
  },
  (t) => [
    // One live participation per user and party; a cancelled or expired one does not block joining again.
    uniqueIndex('participations_active_key')
      .on(t.partyId, t.userId)
      .where(inList(t.status, LIVE_PARTICIPATION_STATUSES)),
    index('participations_user_idx').on(t.userId),
    index('participations_hold_idx').on(t.holdExpiresAt),
    check('participations_status', inList(t.status, PARTICIPATION_STATUSES)),
    check('participations_deposit_state', inList(t.depositState, DEPOSIT_STATES)),
  ],
);

/**
 * Students waiting for a seat of a full party, first come first (by id: a waitlist join takes the party's row lock
 * before inserting, so ids follow the order in which students got in line). A row leaves when its student leaves
 * the line, gets a seat offered (reserve/waitlist-offer.ts) or closes the account; the position is the number of
 * rows of the party up to and including one's own.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: serial('id').primaryKey(),
    partyId: integer('party_id')
      .notNull()
      .references(() => parties.id),
    userId: userRef('user_id'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('waitlist_entries_party_user_key').on(t.partyId, t.userId), index('waitlist_entries_user_idx').on(t.userId)],
);
