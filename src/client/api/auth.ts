import type { LoginRequest, SignupResponse, TokenPair } from '../../shared/auth';
import { apiFetch } from './client';

export function login(body: LoginRequest): Promise<TokenPair> {
  return apiFetch<TokenPair>('/api/signup/auth/login/', { method: 'POST', json: body });
}

/** Multipart because of the student-card photo (spec §3 "Signup"). */
export function signup(form: FormData): Promise<SignupResponse> {
  return apiFetch<SignupResponse>('/api/signup/auth/signup/', { method: 'POST', body: form });
}
