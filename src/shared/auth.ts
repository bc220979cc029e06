import { z } from 'zod';
import { API_MESSAGES as M } from './api-messages';
import { PASSWORD_MIN, USERNAME_PATTERN } from './constants';

// Spec §7: POST /api/signup/auth/login/
export const loginRequest = z.object({
  username: z.string().trim().min(1, M.required),
  password: z.string().min(1, M.required),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const tokenPair = z.object({ access: z.string(), refresh: z.string() });
export type TokenPair = z.infer<typeof tokenPair>;

// Spec §7: POST /api/signup/auth/refresh/ — answers the new access token and, since refresh tokens rotate,
// the new refresh token as well (docs/rules.md "Accounts").
export const refreshRequest = z.object({ refresh: z.string().min(1, M.required) });

/** Digits only; hyphens and spaces people type are dropped before the check. */
const normalizePhone = (raw: string) => raw.replace(/[\s-]/g, '');

// Spec §3 "Signup": the text fields of the multipart body. The photo (student_card_image) is checked apart.
export const signupFields = z
  .object({
    username: z.string().trim().regex(USERNAME_PATTERN, M.usernameFormat),
    password: z.string().min(PASSWORD_MIN, M.passwordShort).max(128, M.invalidBody),
    password2: z.string().min(1, M.required),
    name: z.string().trim().min(1, M.required).max(30, M.invalidBody),
    email: z.string().trim().toLowerCase().pipe(z.email(M.emailFormat)),
    phone: z.string().transform(normalizePhone).pipe(z.string().regex(/^\d{9,11}$/, M.phoneFormat)),
    school: z.string().trim().min(1, M.required).max(50, M.invalidBody),
  })
  .refine((v) => v.password === v.password2, { path: ['password2'], message: M.passwordMismatch });

// Spec §7: what POST /api/signup/auth/signup/ answers. A type only: its schema is auth-contract.ts's signupResponse.
export interface SignupResponse {
  id: number;
  username: string;
}

/** GET /api/signup/auth/kakao/config/: what the browser needs to start the redirect (spec §7). */
export interface KakaoConfig {
  /** Absolute (Kakao) or relative (the server's labelled local stand-in when no Kakao key is configured). */
  authorize_url: string;
  client_id: string;
  /** The registered callback address; null means "this origin's /oauth/kakao/callback". */
  redirect_uri: string | null;
  stand_in: boolean;
}

/** POST /api/signup/auth/kakao/: the token pair and whether the account still lacks the student details. */
export type KakaoLoginAnswer = TokenPair & { is_additional_info_provided: boolean };

// /mypage/additional: what an account created through Kakao lacks to be a verified student (the signup rules).
export const additionalInfoFields = z.object({
  school: z.string({ error: M.required }).trim().min(1, M.required).max(50, M.invalidBody),
  phone: z
    .string({ error: M.required })
    .transform(normalizePhone)
    .pipe(z.string().regex(/^\d{9,11}$/, M.phoneFormat)),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email(M.emailFormat))
    .optional()
    .or(z.literal('').transform(() => undefined)),
});
