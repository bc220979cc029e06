import { z } from 'zod';
import { REPORT_CATEGORIES, REPORT_STATUSES } from './community';
import { isoTime } from './parties-contract';
import { VERIFICATION_STATUSES } from './verification';

// The zod side of the operator API's answers (/api/ops/, X-Ops-Token), for the server's route schemas and the OpenAPI
// document. Only the operator CLI (src/server/ops/cli.ts) calls these routes; it prints the answers as they come.

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
    verified_at: isoTime.nullable(),
  })
  .meta({ id: 'OpsVerification' });

/** An operator's decision on a card (approve / reject). */
export const opsVerificationDecided = z
  .object({ id: z.number().int(), status: z.enum(['approved', 'rejected']), reason: z.string().nullable(), verified_at: isoTime })
  .meta({ id: 'OpsVerificationDecided' });
