import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, instant } from './columns';
import { VERIFICATION_STATUSES } from '../../../shared/verification';
import { inList } from '../sql-in-list';
import { privacyPolicies } from './privacy';
import { SOCIAL_PROVIDERS } from './social-providers';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    // Null for accounts created through Kakao that never set a password.
    passwordHash: text('password_hash'),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    school: text('school'),
    // Path inside the private storage area; never under the public upload folder.
    studentCardPath: text('student_card_path'),
    intro: text('intro').notNull().default(''),
    profileImage: text('profile_image'),
    // Cached balance of point_ledger; the CHECK makes a negative balance impossible whatever the code does.
    points: integer('points').notNull().default(0),
    isAdditionalInfoProvided: boolean('is_additional_info_provided').notNull().default(false),
    // shared/verification.ts. Only an approved student may join or pay; the reason is the operator's, for a rejection.
    verificationStatus: text('verification_status', { enum: VERIFICATION_STATUSES }).notNull().default('unsubmitted'),
    verificationReason: text('verification_reason'),
    // When the current card was sent (orders the operators' queue) and when an operator last decided on it.
    cardSubmittedAt: instant('card_submitted_at'),
    verifiedAt: instant('verified_at'),
    // When the sweeper deleted the decided card (CARD_RETENTION_DAYS after verified_at); the decision stays.
    cardDeletedAt: instant('card_deleted_at'),
    // The card a resubmission replaced, kept while the new one is pending so an operator can compare the two (issue
    // 33 §2): its file, when it was sent, and the decision it got (none when a pending card was replaced). One only,
    // and only until the new card is decided, the account is closed or the retention sweep takes it.
    previousCardPath: text('previous_card_path'),
    previousCardSubmittedAt: instant('previous_card_submitted_at'),
    previousCardStatus: text('previous_card_status', { enum: VERIFICATION_STATUSES }),
    previousCardReason: text('previous_card_reason'),
    previousCardDecidedAt: instant('previous_card_decided_at'),
    // The 개인정보 처리방침 the student agreed to at signup (the version shown to them); null for accounts made
    // before there was one, or through Kakao.
    privacyPolicyVersion: integer('privacy_policy_version').references(() => privacyPolicies.version),
    // Raised by a password change; an access token carries the value it was issued under and is refused once it is
    // behind, so every other session's access token stops working at once (not when it expires). A counter, not
    // a time: two events in the same second (or under a test's frozen clock) are still told apart.
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: createdAt(),
    deletedAt: instant('deleted_at'),
  },
  (t) => [
    uniqueIndex('users_username_key').on(t.username),
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_phone_key').on(t.phone),
    check('users_points_nonnegative', sql`${t.points} >= 0`),
    check('users_verification_status', inList(t.verificationStatus, VERIFICATION_STATUSES)),
    index('users_verification_queue_idx').on(t.verificationStatus, t.cardSubmittedAt),
  ],
);

/** The user a row belongs to: it means nothing without them, so it goes when their row does. */
export const userRef = <N extends string>(name: N) =>
  integer(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const socialAccounts = pgTable(
  'social_accounts',
  {
    id: serial('id').primaryKey(),
    userId: userRef('user_id'),
    provider: text('provider', { enum: SOCIAL_PROVIDERS }).notNull(),
    providerUserId: text('provider_user_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('social_accounts_provider_uid_key').on(t.provider, t.providerUserId)],
);

// Spec §3 "Extra settings": one row per user; MBTI is kept as its four axes.
export const extraSettings = pgTable('extra_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  grade: text('grade'),
  college: text('college'),
  personality: text('personality'),
  mbtiIe: text('mbti_ie'),
  mbtiNs: text('mbti_ns'),
  mbtiFt: text('mbti_ft'),
  mbtiPj: text('mbti_pj'),
  updatedAt: instant('updated_at').notNull().defaultNow(),
});

export const warnings = pgTable(
  'warnings',
  {
    id: serial('id').primaryKey(),
    userId: userRef('user_id'),
    reason: text('reason').notNull(),
    // What caused it ('no_show:{participationId}', 'report:{reportId}'): at most one warning per cause.
    causeKey: text('cause_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('warnings_cause_key').on(t.userId, t.causeKey)],
);
