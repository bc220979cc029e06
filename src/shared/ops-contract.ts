import { z } from 'zod';
import { AUDIT_ACTIONS, AUDIT_TARGETS } from './audit';
import { REPORT_CATEGORIES, REPORT_STATUSES } from './community';
import { DEPOSIT_STATES, LIVE_PARTICIPATION_STATUSES, PARTY_STATUSES } from './parties';
import { isoTime } from './parties-contract';
import { LEDGER_KINDS } from './points';
import { VERIFICATION_STATUSES } from './verification';

// The zod side of the operator API's answers (/api/ops/: X-Ops-Token or a console session), for the server's route
// schemas and the OpenAPI document. The operator CLI (src/server/ops/cli.ts) prints the answers as they come; the
// console (lazy, operators only) may take their types with `z.infer`.

const count = z.number().int();

export const opsStatus = z
  .object({ database: z.enum(['pglite', 'postgres']), users: count, places: count, upcoming_parties: count })
  .meta({ id: 'OpsStatus' });

/** A place or a party the operator just created. */
export const opsCreated = z.object({ id: z.number().int() }).meta({ id: 'OpsCreated' });

export const opsPartyCancelled = z.object({ cancelled: count, refunded_points: count }).meta({ id: 'OpsPartyCancelled' });

export const opsDemo = z.object({ id: z.number().int(), start_time: isoTime, joined: z.array(z.string()) }).meta({ id: 'OpsDemo' });

export const opsReport = z
  .object({
    id: z.number().int(),
    party: z.number().int(),
    reporter: z.number().int(),
    reported_user: z.number().int(),
    category: z.enum(REPORT_CATEGORIES),
    category_label: z.string(),
    content: z.string(),
    status: z.enum(REPORT_STATUSES),
    created_at: isoTime,
    // What the console shows beside the ids above (which stay as they were for the CLI and other clients).
    party_detail: z.object({ id: z.number().int(), title: z.string(), start_time: isoTime }),
    reporter_detail: z.object({ id: z.number().int(), username: z.string(), name: z.string() }),
    /** `warnings`: every warning the student has had so far, from any report or cause. */
    reported_user_detail: z.object({ id: z.number().int(), username: z.string(), name: z.string(), warnings: count }),
  })
  .meta({ id: 'OpsReport' });

/** GET /api/ops/reports/: oldest first; `next_after_id` asks for the page after this one (null on the last). */
export const opsReportPage = z.object({ results: z.array(opsReport), next_after_id: z.number().int().nullable() }).meta({ id: 'OpsReportPage' });

export const opsReportResolved = z.object({ id: z.number().int(), status: z.enum(REPORT_STATUSES).exclude(['pending']) }).meta({ id: 'OpsReportResolved' });

export const opsPointsGranted = z.object({ user: z.number().int(), points: z.number().int() }).meta({ id: 'OpsPointsGranted' });

const operatorRef = z.object({ id: z.number().int(), username: z.string() }).meta({ id: 'OpsOperator' });

/** POST /api/ops/auth/login/: the console's session token (send it as `Authorization: Bearer …`). */
export const opsSignedIn = z
  .object({
    token: z.string(),
    /** The session's absolute end; 30 minutes without a request end it sooner. */
    expires_at: isoTime,
    operator: operatorRef,
  })
  .meta({ id: 'OpsSignedIn' });

/** GET /api/ops/auth/me/. `is_admin`: the console shows 운영자 (managing the operators) to admins only. */
export const opsMe = z.object({ operator: operatorRef, is_admin: z.boolean(), expires_at: isoTime }).meta({ id: 'OpsMe' });

/** POST /api/ops/operators/ (201) and …/{username}/disable/. */
export const opsOperatorAccount = z
  .object({ id: z.number().int(), username: z.string(), disabled_at: isoTime.nullable(), revoked_sessions: count })
  .meta({ id: 'OpsOperatorAccount' });

/** One operator in the console's 운영자 list; `last_signed_in_at` is null when no sign-in was recorded. */
export const opsOperatorRow = z
  .object({ id: z.number().int(), username: z.string(), is_admin: z.boolean(), created_at: isoTime, disabled_at: isoTime.nullable(), last_signed_in_at: isoTime.nullable() })
  .meta({ id: 'OpsOperatorRow' });

/** GET /api/ops/operators/: every operator, oldest first. */
export const opsOperatorList = z.object({ results: z.array(opsOperatorRow) }).meta({ id: 'OpsOperatorList' });

const opsAuditEntry = z
  .object({
    id: z.number().int(),
    /** Null when the shared X-Ops-Token acted; `actor` is then "token". */
    operator_id: z.number().int().nullable(),
    actor: z.string(),
    action: z.enum(AUDIT_ACTIONS),
    action_label: z.string(),
    target_type: z.enum(AUDIT_TARGETS),
    target_id: z.number().int(),
    /**
     * The target as a reader knows it: a student's name (@username), a party's title, a place's name…; `path` is its
     * console page (null where it has none), `gone` says it was withdrawn or deleted since.
     */
    target_detail: z.object({ name: z.string(), path: z.string().nullable(), gone: z.boolean() }),
    /** The values the action changed, as they were and as it left them (null: nothing before, e.g. a creation). */
    before: z.unknown(),
    after: z.unknown(),
    created_at: isoTime,
  })
  .meta({ id: 'OpsAuditEntry' });

/** GET /api/ops/audit/: newest first; `next_before_id` asks for the page after this one (null on the last). */
export const opsAuditPage = z.object({ results: z.array(opsAuditEntry), next_before_id: z.number().int().nullable() }).meta({ id: 'OpsAuditPage' });

// The operator console (issue 16 §3) reads the answers below.

/** Where a party stands for an operator: before its start, under way (check-ins still count), over, or cancelled. */
export const OPS_PARTY_PHASES = ['upcoming', 'in_progress', 'finished', 'cancelled'] as const;

export const opsPartySummary = z
  .object({
    id: z.number().int(),
    title: z.string(),
    start_time: isoTime,
    status: z.enum(PARTY_STATUSES),
    phase: z.enum(OPS_PARTY_PHASES),
    place: z.object({ id: z.number().int(), name: z.string() }),
    tags: z.array(z.string()),
    deposit: count,
    max_participants: count,
    /** Seats held: pending (unpaid) and confirmed (paid). */
    applied_count: count,
    paid_count: count,
    checked_in_count: count,
    /** Paid participants not checked in once the standby window has closed (0 before that). */
    no_show_count: count,
  })
  .meta({ id: 'OpsPartySummary' });

export const opsDashboard = z
  .object({
    /** Today in campus time (Asia/Seoul), YYYY-MM-DD. */
    day: z.string(),
    today: z.array(opsPartySummary),
    /** Open parties of the next seven days after today. */
    upcoming: z.array(opsPartySummary),
    pending_verifications: count,
    pending_reports: count,
  })
  .meta({ id: 'OpsDashboard' });

export const opsAttendee = z
  .object({
    participation_id: z.number().int(),
    user: z.object({ id: z.number().int(), username: z.string(), name: z.string() }),
    status: z.enum(LIVE_PARTICIPATION_STATUSES),
    paid_amount: count.nullable(),
    deposit_state: z.enum(DEPOSIT_STATES),
    is_standby: z.boolean(),
    checked_in_at: isoTime.nullable(),
    joined_at: isoTime,
  })
  .meta({ id: 'OpsAttendee' });

export const opsPartyDetail = opsPartySummary
  .extend({ description: z.string(), attendees: z.array(opsAttendee) })
  .meta({ id: 'OpsPartyDetail' });

export const opsCheckIn = z
  .object({
    participation_id: z.number().int(),
    user: z.number().int(),
    checked_in_at: isoTime,
    deposit_state: z.enum(DEPOSIT_STATES),
    /** True when this call checked the student in; false when they already were (nothing changed). */
    checked_in_now: z.boolean(),
    /** Points this call gave back (0 on a repeated call or for a free party). */
    returned_points: count,
  })
  .meta({ id: 'OpsCheckIn' });

export const opsPlace = z
  .object({
    id: z.number().int(),
    name: z.string(),
    x_norm: z.number(),
    y_norm: z.number(),
    photo: z.string().nullable(),
    upcoming_parties: count,
  })
  .meta({ id: 'OpsPlace' });

export const opsSuspension = z
  .object({
    id: z.number().int(),
    reason: z.string(),
    /** Null: no end, until lifted. */
    ends_at: isoTime.nullable(),
    refund_in_full: z.boolean(),
    /** The operator's username, or "token". */
    actor: z.string(),
    created_at: isoTime,
  })
  .meta({ id: 'OpsSuspension' });

export const opsUser = z
  .object({
    id: z.number().int(),
    username: z.string(),
    name: z.string(),
    phone: z.string().nullable(),
    school: z.string().nullable(),
    points: count,
    verification_status: z.enum(VERIFICATION_STATUSES),
    /** A withdrawn account (anonymised; its ledger stays). */
    withdrawn: z.boolean(),
    created_at: isoTime,
    /** Every warning the student has had (issue 29); `warnings_since_suspension` counts those after the last suspension. */
    warnings: count,
    warnings_since_suspension: count,
    /** The suspension in force, null when none (never suspended, lifted, or past its end). */
    suspension: opsSuspension.nullable(),
    /** Three warnings since the last suspension and none in force: the console suggests one (docs/rules.md). */
    suspension_suggested: z.boolean(),
  })
  .meta({ id: 'OpsUser' });

/** POST /api/ops/users/{id}/suspension/: the suspension, the seats it released (with the refund) and the lines left. */
export const opsSuspended = z
  .object({
    suspension: opsSuspension,
    released: z.array(z.object({ party: z.number().int(), participation: z.number().int(), refunded: count })),
    waitlist_left: z.array(z.number().int()),
  })
  .meta({ id: 'OpsSuspended' });

export const opsLedgerPage = z
  .object({
    user: opsUser,
    results: z.array(
      z.object({
        id: z.number().int(),
        amount: count,
        kind: z.enum(LEDGER_KINDS),
        reason: z.string(),
        party: z.number().int().nullable(),
        balance_after: count,
        created_at: isoTime,
      }),
    ),
    /** `before_id` for the next (older) page; null on the last page. */
    next_before_id: z.number().int().nullable(),
  })
  .meta({ id: 'OpsLedgerPage' });

/** A student in the verification queue (GET /api/ops/verifications/): who they say they are, beside their card. */
export const opsVerification = z
  .object({
    id: z.number().int(),
    username: z.string(),
    name: z.string(),
    school: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    status: z.enum(VERIFICATION_STATUSES),
    reason: z.string().nullable(),
    /** When the current card was sent: the queue is oldest first, and a decision may name it (see the routes). */
    card_submitted_at: isoTime.nullable(),
    /** When the current card was decided: null while it waits, also when an earlier card was decided. */
    verified_at: isoTime.nullable(),
    /** When the sweeper deleted the decided card (CARD_RETENTION_DAYS after verified_at); the decision stays. */
    card_deleted_at: isoTime.nullable(),
    /** The card this one replaced, kept while this one is pending (GET …/previous-card shows it); null otherwise. */
    previous_card: z
      .object({
        submitted_at: isoTime.nullable(),
        /** The decision it got (a rejection: only a rejected card is kept to compare), its reason and time. */
        status: z.enum(VERIFICATION_STATUSES),
        reason: z.string().nullable(),
        decided_at: isoTime.nullable(),
      })
      .nullable(),
  })
  .meta({ id: 'OpsVerification' });

/** GET /api/ops/verifications/: a page of one status's queue, and how the queue stands. */
export const opsVerificationPage = z
  .object({
    results: z.array(opsVerification),
    /** `cursor` for the next page; null on the last. */
    next_cursor: z.string().nullable(),
    /** Every student the status and the search find, on all pages. */
    total: count,
    /** The card that has waited longest among them (pending only; null otherwise or when none waits). */
    oldest_submitted_at: isoTime.nullable(),
    /** Cards the signed-in operator decided today (campus day); null for the shared X-Ops-Token, which is nobody. */
    decided_today: count.nullable(),
  })
  .meta({ id: 'OpsVerificationPage' });

/** An operator's decision on a card (approve / reject). */
export const opsVerificationDecided = z
  .object({ id: z.number().int(), status: z.enum(['approved', 'rejected']), reason: z.string().nullable(), verified_at: isoTime })
  .meta({ id: 'OpsVerificationDecided' });
