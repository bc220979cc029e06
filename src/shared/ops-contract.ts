import { z } from 'zod';
import { AUDIT_ACTIONS, AUDIT_TARGETS } from './audit';
import { REPORT_CATEGORIES, REPORT_STATUSES } from './community';
import { isoTime } from './parties-contract';

// The zod side of the operator API's answers (/api/ops/: X-Ops-Token or a console session), for the server's route
// schemas and the OpenAPI document. The operator CLI (src/server/ops/cli.ts) prints the answers as they come.

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
  })
  .meta({ id: 'OpsReport' });

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

/** GET /api/ops/auth/me/. */
export const opsMe = z.object({ operator: operatorRef, expires_at: isoTime }).meta({ id: 'OpsMe' });

/** POST /api/ops/operators/ (201) and …/{username}/disable/. */
export const opsOperatorAccount = z
  .object({ id: z.number().int(), username: z.string(), disabled_at: isoTime.nullable(), revoked_sessions: count })
  .meta({ id: 'OpsOperatorAccount' });

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
    /** The values the action changed, as they were and as it left them (null: nothing before, e.g. a creation). */
    before: z.unknown(),
    after: z.unknown(),
    created_at: isoTime,
  })
  .meta({ id: 'OpsAuditEntry' });

/** GET /api/ops/audit/: newest first; `next_before_id` asks for the page after this one (null on the last). */
export const opsAuditPage = z.object({ results: z.array(opsAuditEntry), next_before_id: z.number().int().nullable() }).meta({ id: 'OpsAuditPage' });
