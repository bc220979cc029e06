import useSWR from 'swr';
import type { PasswordResetOptions } from '../../shared/password-reset';
import type { ApiError } from './api-error';
import { apiFetch } from './client';

/** Whether 비밀번호 찾기 can email a link on this server (it has SMTP), or the student must ask an operator. */
export function usePasswordResetOptions() {
  return useSWR<PasswordResetOptions, ApiError>('/api/signup/auth/password-reset/options/');
}

/** The server answers the same whether or not an account has this email; the link (if any) comes by email. */
export function requestResetEmail(email: string) {
  return apiFetch<{ detail: string }>('/api/signup/auth/password-reset/request/', { method: 'POST', json: { email } });
}

/** Spends the link's token: the new password is set and every session of the account ends. */
export function resetPassword(token: string, newPassword: string, newPassword2: string) {
  return apiFetch<{ detail: string }>('/api/signup/auth/password-reset/', {
    method: 'POST',
    json: { token, new_password: newPassword, new_password2: newPassword2 },
  });
}
