import { z } from 'zod';
import type { HomeParty, JoinResponse, LeaveQuote, LeaveResponse, MapParty, MyWaitlistEntry, Notice, NoticeReadAll, NoticeUnreadCount, ParticipationDetail, PartyDetail, PayResponse, WaitlistPosition } from './parties';
import { LIVE_PARTICIPATION_STATUSES, PARTICIPATION_STATUSES, PARTY_STATUSES } from './parties';

// The zod side of the party and reservation answers (spec §3), for the server's route schemas and the OpenAPI
// document. The client keeps the interfaces of parties.ts (no zod in its first load); `satisfies` keeps both in step.

/** A time as our answers carry it: ISO 8601 text (shared by the *-contract.ts files). */
export const isoTime = z.string().meta({ format: 'date-time' });

export const homeParty = z
  .object({
    id: z.number().int(),
    title: z.string(),
    place_photo: z.string().nullable(),
    place_name: z.string(),
    start_time: isoTime,
    applied_count: z.number().int(),
    max_participants: z.number().int(),
    tags: z.array(z.string()),
  })
  .meta({ id: 'HomeParty' }) satisfies z.ZodType<HomeParty>;

export const mapParty = homeParty
  .extend({ place_x_norm: z.number(), place_y_norm: z.number() })
  .meta({ id: 'MapParty' }) satisfies z.ZodType<MapParty>;

export const partyDetail = mapParty
  .omit({ tags: true })
  .extend({
    description: z.string(),
    place_map: z.string().nullable(),
    deposit: z.number().int(),
    status: z.enum(PARTY_STATUSES),
    participations: z.array(
      z.object({ id: z.number().int(), user: z.object({ id: z.number().int(), username: z.string(), profile_image: z.string().nullable() }) }),
    ),
    tags: z.array(z.object({ id: z.number().int(), name: z.string() })),
    my_participation: z.object({ id: z.number().int(), status: z.enum(LIVE_PARTICIPATION_STATUSES), hold_expires_at: isoTime.nullable() }).nullable(),
  })
  .meta({ id: 'PartyDetail' }) satisfies z.ZodType<PartyDetail>;

export const joinResponse = z.object({ id: z.number().int(), hold_expires_at: isoTime }).meta({ id: 'JoinResponse' }) satisfies z.ZodType<JoinResponse>;

export const participationDetail = z
  .object({
    id: z.number().int(),
    status: z.enum(PARTICIPATION_STATUSES),
    hold_expires_at: isoTime.nullable(),
    user: z.object({ id: z.number().int(), points: z.number().int() }),
    party: z.object({ id: z.number().int(), title: z.string(), deposit: z.number().int(), start_time: isoTime }),
  })
  .meta({ id: 'ParticipationDetail' }) satisfies z.ZodType<ParticipationDetail>;

export const payResponse = z.object({ remaining_points: z.number().int(), amount: z.number().int() }).meta({ id: 'PayResponse' }) satisfies z.ZodType<PayResponse>;

export const leaveResponse = z.object({ status: z.literal('cancelled'), refunded: z.number().int() }).meta({ id: 'LeaveResponse' }) satisfies z.ZodType<LeaveResponse>;

export const leaveQuote = z
  .object({ status: z.enum(LIVE_PARTICIPATION_STATUSES), paid: z.number().int(), refund: z.number().int(), refund_until: isoTime })
  .meta({ id: 'LeaveQuote' }) satisfies z.ZodType<LeaveQuote>;

export const notice = z
  .object({
    id: z.number().int(),
    message: z.string(),
    created_at: isoTime,
    is_read: z.boolean(),
    link: z.string().nullable(),
    party_id: z.number().int().nullable(),
    party_title: z.string().nullable(),
  })
  .meta({ id: 'Notice' }) satisfies z.ZodType<Notice>;

export const noticeUnreadCount = z.object({ count: z.number().int().nonnegative() }).meta({ id: 'NoticeUnreadCount' }) satisfies z.ZodType<NoticeUnreadCount>;

export const noticeReadAll = z.object({ marked: z.number().int().nonnegative() }).meta({ id: 'NoticeReadAll' }) satisfies z.ZodType<NoticeReadAll>;

export const waitlistPosition = z
  .object({ position: z.number().int().positive().nullable() })
  .meta({ id: 'WaitlistPosition' }) satisfies z.ZodType<WaitlistPosition>;

export const myWaitlistEntry = z
  .object({ party_id: z.number().int(), title: z.string(), start_time: isoTime, place_name: z.string(), position: z.number().int().positive() })
  .meta({ id: 'MyWaitlistEntry' }) satisfies z.ZodType<MyWaitlistEntry>;
