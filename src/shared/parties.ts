import { z } from 'zod';
import { PAYMENT_METHOD } from './constants';

export const PARTY_STATUSES = ['open', 'cancelled'] as const;
type PartyStatus = (typeof PARTY_STATUSES)[number];

// A participation is live (holds a seat, and blocks joining the same party again) while pending (unpaid) or confirmed
// (paid); it ends cancelled (left) or expired (the hold ran out).
export const LIVE_PARTICIPATION_STATUSES = ['pending', 'confirmed'] as const;
export const PARTICIPATION_STATUSES = [...LIVE_PARTICIPATION_STATUSES, 'cancelled', 'expired'] as const;
export type LiveParticipationStatus = (typeof LIVE_PARTICIPATION_STATUSES)[number];
export type ParticipationStatus = (typeof PARTICIPATION_STATUSES)[number];
// What happened to a paid deposit (participations.deposit_state; the schema says what each state means). Shared: the
// operators' attendee list shows it.
export const DEPOSIT_STATES = ['none', 'held', 'returned', 'refunded', 'forfeited'] as const;

// Spec §3 "Party (home list)".
export interface HomeParty {
  id: number;
  title: string;
  place_photo: string | null;
  place_name: string;
  start_time: string;
  applied_count: number;
  max_participants: number;
  tags: string[];
}

// Spec §3 "Party (map list)": the home fields plus the place's normalised position.
export interface MapParty extends HomeParty {
  place_x_norm: number;
  place_y_norm: number;
}

export interface PartyParticipationEntry {
  id: number;
  user: { id: number; username: string; profile_image: string | null };
}

// Spec §3 "Party detail": tags with id and name. `deposit`, `status` and `my_participation` are additions the
// payment and join flows use.
export interface PartyDetail extends Omit<MapParty, 'tags'> {
  description: string;
  place_map: string | null;
  deposit: number;
  status: PartyStatus;
  participations: PartyParticipationEntry[];
  tags: { id: number; name: string }[];
  /** `hold_expires_at`: when an unpaid seat stops being held (null once paid). */
  my_participation: { id: number; status: LiveParticipationStatus; hold_expires_at: string | null } | null;
}

export interface JoinResponse {
  id: number;
  hold_expires_at: string;
}

// Spec §3 "Participation detail read by payment": user.points, party.deposit.
export interface ParticipationDetail {
  id: number;
  status: ParticipationStatus;
  hold_expires_at: string | null;
  user: { id: number; points: number };
  party: { id: number; title: string; deposit: number; start_time: string };
}

export const payRequest = z.object({
  payment_method: z.literal(PAYMENT_METHOD, { error: '포인트 결제만 지원합니다.' }),
});

// Spec §3 "Payment response".
export interface PayResponse {
  remaining_points: number;
  amount: number;
}

export interface LeaveResponse {
  status: 'cancelled';
  refunded: number;
}

/**
 * Addition (issue 30): what leaving the party now would do, by the server's rule (GET …/leave/). `paid` is the
 * deposit held for the seat (0 while unpaid), `refund` what leaving now gives back of it, `refund_until` the last
 * moment of the full refund.
 */
export interface LeaveQuote {
  status: LiveParticipationStatus;
  paid: number;
  refund: number;
  refund_until: string;
}

// Addition (issue 18): my place in a full party's waitlist; null when I am not in line.
export interface WaitlistPosition {
  position: number | null;
}

/** Addition (issue 18): a party I wait for, as the assistant lists it. */
export interface MyWaitlistEntry {
  party_id: number;
  title: string;
  start_time: string;
  place_name: string;
  position: number;
}

// Spec §3 "Notification".
export interface Notice {
  id: number;
  message: string;
  created_at: string;
  is_read: boolean;
  /** Addition: the screen the notice is about (its party, or my page for a card decision); null when none. */
  link: string | null;
  /**
   * Addition (issue 30): the party whose thread the notice joins, so a list can thread one party's notices; null for
   * a notice that stands alone (about no party, or a warning, which must never hide behind the party's later news).
   */
  party_id: number | null;
  party_title: string | null;
}

/** Addition: how many of my notifications are unread, for the header's bell. */
export interface NoticeUnreadCount {
  count: number;
}

/** Addition (issue 30): the answer of 모두 읽음, how many notices it marked read (0 when none was unread). */
export interface NoticeReadAll {
  marked: number;
}

export const noticePatch = z.object({ is_read: z.literal(true, { error: '읽음 처리만 할 수 있습니다.' }) });
