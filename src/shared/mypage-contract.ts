import { z } from 'zod';
import { type TokenPair, tokenPair } from './auth';
import type { HistoryItem } from './community';
import type { ExtraSettingsOut } from './extra-options';
import {
  type AdditionalInfoSaved,
  type MyPageMain,
  type MyProfile,
  type ProfileSaved,
  type StudentCardSent,
  type WithdrawResult,
  mbtiParts,
  myPageMain,
} from './mypage';
import { isoTime } from './parties-contract';

// The zod side of the my page answers (spec §3, §7), for the server's route schemas and the OpenAPI document. The
// client keeps its interfaces (mypage.ts, community.ts, extra-options.ts, its own api/ files); `satisfies` keeps both
// in step. Every field a route answers is declared here: the serializer drops any field that is not.

const nullableText = z.string().nullable();

export const myPageMainResponse = myPageMain.meta({ id: 'MyPageMain' }) satisfies z.ZodType<MyPageMain>;

/** GET /api/mypage/profile/. */
export const myProfile = z
  .object({ username: z.string(), name: z.string(), intro: z.string(), profile_image: nullableText })
  .meta({ id: 'MyProfile' }) satisfies z.ZodType<MyProfile>;

/** POST /api/mypage/profile/: the password is changed and this session gets a fresh pair. */
export const passwordChanged = tokenPair.extend({ detail: z.string() }).meta({ id: 'PasswordChanged' }) satisfies z.ZodType<TokenPair & { detail: string }>;

/** PATCH /api/mypage/profile/ (multipart). */
export const profileSaved = z
  .object({ intro: z.string(), profile_image: nullableText })
  .meta({ id: 'ProfileSaved' }) satisfies z.ZodType<ProfileSaved>;

export const extraSettingsOut = z
  .object({
    grade: nullableText,
    college: nullableText,
    personality: nullableText,
    mbti: nullableText,
    mbti_ie: nullableText,
    mbti_ns: nullableText,
    mbti_ft: nullableText,
    mbti_pj: nullableText,
    extra: z.object({ grade: nullableText, college: nullableText, personality: nullableText, mbti: mbtiParts }),
  })
  .meta({ id: 'ExtraSettings' }) satisfies z.ZodType<ExtraSettingsOut>;

export const reviewCreated = z.object({ id: z.number().int() }).meta({ id: 'ReviewCreated' }) satisfies z.ZodType<{ id: number }>;

export const reportCreated = z
  .object({ id: z.number().int(), detail: z.string() })
  .meta({ id: 'ReportCreated' }) satisfies z.ZodType<{ id: number; detail: string }>;

export const historyItem = z
  .object({
    id: z.number().int(),
    title: z.string(),
    start_time: isoTime,
    place_name: z.string(),
    place_photo: nullableText,
    applied_count: z.number().int(),
    max_participants: z.number().int(),
    reviewed: z.boolean(),
  })
  .meta({ id: 'HistoryItem' }) satisfies z.ZodType<HistoryItem>;

/** POST /api/mypage/withdraw/. */
export const withdrawResult = z
  .object({ detail: z.string(), cancelled_parties: z.number().int() })
  .meta({ id: 'WithdrawResult' }) satisfies z.ZodType<WithdrawResult>;

/** POST /api/mypage/additional/ (multipart). */
export const additionalInfoSaved = z
  .object({ is_additional_info_provided: z.boolean() })
  .meta({ id: 'AdditionalInfoSaved' }) satisfies z.ZodType<AdditionalInfoSaved>;

/** POST /api/mypage/student-card/ (multipart). */
export const studentCardSent = z
  .object({ verification_status: z.literal('pending'), card_submitted_at: isoTime })
  .meta({ id: 'StudentCardSent' }) satisfies z.ZodType<StudentCardSent>;
