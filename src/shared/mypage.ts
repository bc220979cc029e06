import { z } from 'zod';
import { VERIFICATION_STATUSES, type VerificationStatus } from './verification';

export const mbtiParts = z.object({
  i_e: z.string().nullable(),
  n_s: z.string().nullable(),
  f_t: z.string().nullable(),
  p_j: z.string().nullable(),
});

// Spec §3 "My page main". id and username are added so the client can keep its local user record (spec §3).
export const myPageMain = z.object({
  id: z.number(),
  username: z.string(),
  name: z.string(),
  intro: z.string(),
  points: z.number(),
  profile_image: z.string().nullable(),
  grade: z.string().nullable(),
  college: z.string().nullable(),
  personality: z.string().nullable(),
  mbti: mbtiParts,
  participation_count: z.number(),
  warnings: z.number(),
  /** Addition: false for an account created through Kakao until /mypage/additional is completed. */
  is_additional_info_provided: z.boolean(),
  /** Addition (issue 16): whether an operator has approved the student card; only `approved` may join and pay. */
  verification_status: z.enum(VERIFICATION_STATUSES),
  /** The operator's reason when `rejected`; null otherwise. */
  verification_reason: z.string().nullable(),
  /**
   * Addition (issue 17 §3): whether extra settings were ever saved. Our wizard reads them from here instead of asking
   * GET /api/mypage/extra-settings/me/, which answers 404 (spec §7) for a student who has none yet.
   */
  has_extra_settings: z.boolean().optional(),
  /**
   * Addition (issue 29): the operator's suspension in force — its reason and end (null: no end) — or null. While it
   * lasts the student may read everything but not take a seat (join, pay, the waitlist).
   */
  suspension: z.object({ reason: z.string(), ends_at: z.string().nullable() }).nullable().optional(),
});
export type MyPageMain = z.infer<typeof myPageMain>;

/** GET /api/mypage/profile/. */
export interface MyProfile {
  username: string;
  name: string;
  intro: string;
  profile_image: string | null;
}

/** PATCH /api/mypage/profile/ (multipart). */
export type ProfileSaved = Pick<MyProfile, 'intro' | 'profile_image'>;

/** POST /api/mypage/withdraw/: `cancelled_parties` counts the seats released and refunded. */
export interface WithdrawResult {
  detail: string;
  cancelled_parties: number;
}

/** POST /api/mypage/additional/ (multipart). */
export interface AdditionalInfoSaved {
  is_additional_info_provided: boolean;
}

/** POST /api/mypage/student-card/ (multipart): the new card waits for an operator. */
export interface StudentCardSent {
  verification_status: Extract<VerificationStatus, 'pending'>;
  card_submitted_at: string;
}
