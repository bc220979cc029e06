import { z } from 'zod';
import { API_MESSAGES as M } from './api-messages';
import { AUDIT_ACTIONS, AUDIT_TARGETS } from './audit';
import { CAMPUS_NAME_MAX } from './campus-upload';
import { PASSWORD_MIN, USERNAME_PATTERN } from './constants';
import { MAX_ID, parseId } from './ids';
import { PARTY_STATUSES } from './parties';
import { isCalendarDate } from './party-filters';
import { PRIVACY_BODY_MAX, PRIVACY_MESSAGES as PM } from './privacy';
import { SUSPENSION_REASON_MAX } from './suspension';
import { REJECTION_REASON_MAX, VERIFICATION_STATUSES } from './verification';

// Operator API requests (/api/ops/). Messages are Korean because operators are on the same team as the students.

const placeFields = {
  name: z.string().trim().min(1, '장소 이름을 입력해 주세요.').max(50),
  x_norm: z.number().min(0, 'x_norm은 0~1 사이여야 합니다.').max(1, 'x_norm은 0~1 사이여야 합니다.'),
  y_norm: z.number().min(0, 'y_norm은 0~1 사이여야 합니다.').max(1, 'y_norm은 0~1 사이여야 합니다.'),
};

const partyFields = {
  title: z.string().trim().min(1, '제목을 입력해 주세요.').max(80),
  description: z.string().max(2000),
  place_id: z.number().int().positive(),
  start_time: z.iso.datetime({ offset: true, error: '시작 시간은 ISO 8601 형식이어야 합니다.' }),
  max_participants: z.number().int().min(2, '정원은 2~50명이어야 합니다.').max(50, '정원은 2~50명이어야 합니다.'),
  deposit: z.number().int().min(0, '보증금은 0~100,000P여야 합니다.').max(100_000, '보증금은 0~100,000P여야 합니다.'),
  tags: z.array(z.string().trim().min(1).max(20)).max(10),
};

const NOTHING_TO_CHANGE = '바꿀 항목을 하나 이상 보내 주세요.';
// A PATCH names only what changes. Unknown keys are refused rather than dropped, so a console that sends `status` or
// `applied_count` hears that those are not edited here instead of believing they were.
const somethingSent = (body: object) => Object.values(body).some((v) => v !== undefined);

export const opsPlaceCreate = z.object({ ...placeFields, photo: z.string().trim().min(1).max(500).optional() });

export const opsPlaceUpdate = z.strictObject(placeFields).partial().refine(somethingSent, NOTHING_TO_CHANGE);

export const opsPartyCreate = z.object({ ...partyFields, description: partyFields.description.default(''), tags: partyFields.tags.default([]) });

export const opsPartyUpdate = z.strictObject(partyFields).partial().refine(somethingSent, NOTHING_TO_CHANGE);

export const opsDemoCreate = z.object({
  minutes: z.number().int().min(1).max(24 * 60).default(5),
  title: z.string().trim().min(1).max(80).optional(),
});

const operatorPassword = z.string().min(PASSWORD_MIN, M.passwordShort).max(128, M.invalidBody);

/** `npm run ops -- operator:add USERNAME` or the console's 운영자 추가: the students' rules for names and passwords. */
export const opsOperatorCreate = z.object({
  username: z.string().trim().regex(USERNAME_PATTERN, M.usernameFormat),
  password: operatorPassword,
});

/** POST /api/ops/operators/{username}/password/: the new initial password, typed by the admin. */
export const opsOperatorPassword = z.object({ password: operatorPassword });

/** POST /api/ops/operators/{username}/admin/ (`npm run ops -- operator:admin`): give or take the admin role. */
export const opsOperatorAdmin = z.object({ admin: z.boolean({ error: 'admin은 true 또는 false여야 합니다.' }) });

const auditTime = z.iso.datetime({ offset: true, error: '시간은 ISO 8601 형식이어야 합니다.' });
const positiveInt = z.coerce.number().int().positive();

const seoulDay = z.string().refine(isCalendarDate, '날짜는 YYYY-MM-DD 형식이어야 합니다.');

/** The audit log's filters, the same for a page of it and for its CSV export. */
const auditFilters = z.object({
  action: z.enum(AUDIT_ACTIONS).optional(),
  target_type: z.enum(AUDIT_TARGETS).optional(),
  target_id: positiveInt.optional(),
  operator_id: positiveInt.optional(),
  /** The operator's username, or "token" for the shared X-Ops-Token. */
  actor: z.string().trim().min(1).max(64).optional(),
  /** Rows created at or after / strictly before this time. */
  after: auditTime.optional(),
  before: auditTime.optional(),
  /** Campus (Asia/Seoul) days, both included: what an operator means by "from the 3rd to the 5th". */
  from: seoulDay.optional(),
  to: seoulDay.optional(),
});
// ISO dates compare as strings. The message goes beside the field the operator picked last.
const fromBeforeTo = <T extends { from?: string; to?: string }>(q: T) => !q.from || !q.to || q.from <= q.to;
const FROM_AFTER_TO = { path: ['to'], message: '끝 날짜가 시작 날짜보다 앞입니다.' };

/** GET /api/ops/audit/: every filter is optional; newest first, `before_id` pages back from the last row seen. */
export const opsAuditQuery = auditFilters
  .extend({ before_id: positiveInt.optional(), limit: z.coerce.number().int().min(1).max(100).default(50) })
  .refine(fromBeforeTo, FROM_AFTER_TO);

/** GET /api/ops/audit/export.csv: the same filters, every matching row (up to AUDIT_EXPORT_MAX_ROWS). */
export const opsAuditExportQuery = auditFilters.refine(fromBeforeTo, FROM_AFTER_TO);
export type OpsAuditFilters = z.infer<typeof auditFilters>;

/** The most rows one export carries: a month of a busy campus; a wider range is refused with a word to narrow it. */
export const AUDIT_EXPORT_MAX_ROWS = 10_000;

const instantQuery = z.iso.datetime({ offset: true, error: 'ISO 8601 형식의 시각이어야 합니다. (예: 2026-03-05T00:00:00+09:00)' });

/** GET /api/ops/reports/: a status's reports, oldest first; `after_id` goes on from the last report already shown. */
export const opsReportListQuery = z.object({
  // Any other status matches no report: the answer is the same empty page the database would give.
  status: z.string().default('pending'),
  after_id: z.coerce.number({ error: 'after_id는 신고 번호입니다.' }).int().min(1).max(MAX_ID).optional(),
  limit: z.coerce.number({ error: 'limit은 1~100입니다.' }).int().min(1, 'limit은 1~100입니다.').max(100, 'limit은 1~100입니다.').default(50),
});

/** The console's party list: start_time in [from, to), from today (campus time) when `from` is left out. */
export const opsPartyListQuery = z.object({
  from: instantQuery.optional(),
  to: instantQuery.optional(),
  status: z.enum(PARTY_STATUSES, { error: 'status는 open 또는 cancelled입니다.' }).optional(),
});

/** What an operator types to find a student (the points page, the verification queue). */
const searchText = z.string().trim().max(50, '검색어는 50자까지입니다.').default('');

export const opsUserSearchQuery = z.object({ q: searchText });

const LIMIT = 'limit은 1~100입니다.';
/** How many rows a page holds, 1 to 100. */
const pageLimit = (byDefault: number) => z.coerce.number({ error: LIMIT }).int().min(1, LIMIT).max(100, LIMIT).default(byDefault);

/**
 * Newest first, paged like the audit log: `before_id` is the id of the last row already shown (keyset paging: rows
 * added meanwhile never shift a page).
 */
export const opsLedgerQuery = z.object({
  before_id: z.coerce.number({ error: 'before_id는 원장 항목 번호입니다.' }).int().min(1).max(MAX_ID).optional(),
  limit: pageLimit(30),
});

// Student verification (issue 16). `card_submitted_at` is the card the operator looked at: a student may replace a
// card still waiting, so every decision names the card it was made on (the console, the CLI and scripts alike), and
// one on a card since replaced is refused (409) rather than made on a photo nobody has seen (issue 32 §4). Missing,
// it is 400 `필수 항목입니다.` like any required field (http/errors.ts).
const cardSeen = z.iso.datetime({ offset: true, error: 'card_submitted_at은 ISO 8601 형식이어야 합니다.' });

/** The header of a card's bytes naming which card they are (its `card_submitted_at`), for the CLI's download. */
export const CARD_SUBMITTED_AT_HEADER = 'card-submitted-at';

// Where a page of the verification queue ended, as the server writes it in `next_cursor`: the last row's
// card_submitted_at (empty for a student with no card) and id, the two keys the queue is ordered by.
const VERIFICATION_CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)?~(\d+)$/;

export const verificationCursor = (row: { card_submitted_at: string | null; id: number }) => `${row.card_submitted_at ?? ''}~${row.id}`;

/** A `cursor` read back; null for anything the server did not write (a 30 February, an id out of range). */
export function readVerificationCursor(cursor: string): { at: Date | null; id: number } | null {
  const [, time, digits] = VERIFICATION_CURSOR.exec(cursor) ?? [];
  const id = parseId(digits);
  const at = time ? new Date(time) : null;
  if (id === null || (at && (Number.isNaN(at.getTime()) || at.toISOString() !== time))) return null;
  return { at, id };
}

/** GET /api/ops/verifications/: one status's queue, oldest card first, searched by `q`, a page at a time. */
export const opsVerificationQuery = z.object({
  status: z.enum(VERIFICATION_STATUSES, { error: `status는 ${VERIFICATION_STATUSES.join(', ')} 중 하나입니다.` }).default('pending'),
  /** A name, username, school or phone (with or without hyphens). */
  q: searchText,
  cursor: z
    .string()
    .refine((c) => readVerificationCursor(c) !== null, 'cursor는 앞 페이지의 next_cursor 값이어야 합니다.')
    .optional(),
  limit: pageLimit(30),
});

export const opsVerificationApprove = z.object({ card_submitted_at: cardSeen });

export const opsVerificationReject = z.object({
  reason: z
    .string()
    .trim()
    .min(1, '반려 사유를 입력해 주세요.')
    .max(REJECTION_REASON_MAX, `반려 사유는 ${REJECTION_REASON_MAX}자까지 쓸 수 있습니다.`),
  card_submitted_at: cardSeen,
});

/** PUT /api/ops/campus/: the names. An empty campus name means "the school only" (one campus). */
export const opsCampusUpdate = z.object({
  school: z.string().trim().min(1, '학교 이름을 입력해 주세요.').max(CAMPUS_NAME_MAX, `학교 이름은 ${CAMPUS_NAME_MAX}자 이하로 입력해 주세요.`),
  campus_name: z.string().trim().max(CAMPUS_NAME_MAX, `캠퍼스 이름은 ${CAMPUS_NAME_MAX}자 이하로 입력해 주세요.`).default(''),
});

/** POST /api/ops/privacy/: a new version of the 개인정보 처리방침 (Markdown) and the date it takes effect. */
export const opsPrivacyPublish = z.object({
  body: z.string().trim().min(1, PM.bodyRequired).max(PRIVACY_BODY_MAX, PM.bodyTooLong),
  effective_date: z.string().refine(isCalendarDate, PM.dateFormat),
});

/**
 * POST /api/ops/users/{id}/suspension/ (issue 29): why, until when (an instant; null for no end — the server refuses
 * one that is not ahead of its clock) and whether the seats it releases are refunded in full instead of by the leave
 * rule.
 */
export const opsSuspend = z.object({
  reason: z
    .string({ error: '정지 사유를 입력해 주세요.' })
    .trim()
    .min(1, '정지 사유를 입력해 주세요.')
    .max(SUSPENSION_REASON_MAX, `정지 사유는 ${SUSPENSION_REASON_MAX}자까지 쓸 수 있습니다.`),
  ends_at: z.iso.datetime({ offset: true, error: '정지 종료일은 ISO 8601 형식의 시각이거나, 기한 없는 정지는 null이어야 합니다.' }).nullable(),
  refund_in_full: z.boolean({ error: 'refund_in_full은 true 또는 false입니다.' }).default(false),
});
