import type { LoginRequest, SignupResponse, TokenPair } from '../../shared/auth';
import { apiFetch } from './client';

export function login(body: LoginRequest): Promise<TokenPair> {
  return apiFetch<TokenPair>('/api/signup/auth/login/', { method: 'POST', json: body });
}

/** Multipart because of the student-card photo (spec §3 "Signup"). */
export function signup(form: FormData): Promise<SignupResponse> {
  return apiFetch<SignupResponse>('/api/signup/auth/signup/', { method: 'POST', body: form });
}

/**
 * Ends this sign-in on the server (its refresh token and its access tokens, on every instance). Sent with
 * `keepalive` so it still leaves when the student closes the tab right after; the server answers 204 whatever the
 * token's state, so there is nothing to read back.
 */
export function endSignIn(refresh: string): Promise<unknown> {
  return apiFetch('/api/signup/auth/logout/', { method: 'POST', json: { refresh }, keepalive: true });
}
