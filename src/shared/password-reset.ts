import { z } from 'zod';
import { API_MESSAGES as M } from './api-messages';
import { PASSWORD_MIN } from './constants';
import { PASSWORD_RESET_MESSAGES } from './password-reset-messages';

// Password recovery's requests (docs/rules.md "Password recovery"); its constants and Korean messages, which the
// client takes too, are in password-reset-messages.ts (no zod in the client's chunks).

/** POST /api/signup/auth/password-reset/: the link's token and the new password, typed twice (spec §5's rules). */
export const passwordResetRequest = z
  .object({
    token: z.string({ error: PASSWORD_RESET_MESSAGES.linkInvalid }).min(1, PASSWORD_RESET_MESSAGES.linkInvalid).max(200, PASSWORD_RESET_MESSAGES.linkInvalid),
    new_password: z.string({ error: '새 비밀번호를 입력해 주세요.' }).min(PASSWORD_MIN, '비밀번호는 8자 이상 입력해 주세요.').max(128, M.invalidBody),
    new_password2: z.string({ error: '새 비밀번호를 한 번 더 입력해 주세요.' }),
  })
  .refine((v) => v.new_password === v.new_password2, { path: ['new_password2'], message: '새 비밀번호가 일치하지 않습니다.' });

/** POST /api/signup/auth/password-reset/request/: the email the student signed up with. */
export const passwordResetEmailRequest = z.object({
  email: z.string({ error: M.required }).trim().toLowerCase().min(1, M.required).max(254, M.emailFormat).pipe(z.email(M.emailFormat)),
});

/** GET /api/signup/auth/password-reset/options/: whether 비밀번호 찾기 can send an email here (SMTP configured). */
export interface PasswordResetOptions {
  by_email: boolean;
}

/** POST /api/ops/users/{id}/password-reset/: the link, shown to the operator once. */
export interface PasswordResetLink {
  url: string;
  expires_at: string;
}
