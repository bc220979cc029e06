import { z } from 'zod';
import { type KakaoConfig, type KakaoLoginAnswer, type SignupResponse, type TokenPair, tokenPair as tokenFields } from './auth';

// The zod side of the sign-in answers (spec §7), for the server's route schemas and the OpenAPI document. The client
// keeps the types of auth.ts (no zod in its first load); `satisfies` keeps both in step.

export const tokenPair = tokenFields.meta({ id: 'TokenPair' }) satisfies z.ZodType<TokenPair>;

export const signupResponse = z.object({ id: z.number().int(), username: z.string() }).meta({ id: 'SignupResponse' }) satisfies z.ZodType<SignupResponse>;

/** GET /api/signup/auth/kakao/config/. */
export const kakaoConfig = z
  .object({
    authorize_url: z.string(),
    client_id: z.string(),
    redirect_uri: z.string().nullable(),
    stand_in: z.boolean(),
  })
  .meta({ id: 'KakaoConfig' }) satisfies z.ZodType<KakaoConfig>;

export const kakaoLoginResponse = tokenFields
  .extend({ is_additional_info_provided: z.boolean() })
  .meta({ id: 'KakaoLoginResponse' }) satisfies z.ZodType<KakaoLoginAnswer>;
