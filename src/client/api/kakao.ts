import type { TokenPair } from '../../shared/auth';
import { apiFetch } from './client';

/** GET /api/signup/auth/kakao/config/: what the browser needs to start the redirect (spec §7). */
export interface KakaoConfig {
  /** Absolute (Kakao) or relative (the server's labelled local stand-in when no Kakao key is configured). */
  authorize_url: string;
  client_id: string;
  /** The registered callback address; null means "this origin's /oauth/kakao/callback". */
  redirect_uri: string | null;
  stand_in: boolean;
}

/** Partial on purpose: spec §8 treats an answer without both tokens as a failure the screen must detect. */
export type KakaoLoginResponse = Partial<TokenPair> & { is_additional_info_provided?: boolean };

export function fetchKakaoConfig(): Promise<KakaoConfig> {
  return apiFetch<KakaoConfig>('/api/signup/auth/kakao/config/');
}

export function exchangeKakaoCode(code: string, redirectUri: string): Promise<KakaoLoginResponse | undefined> {
  return apiFetch<KakaoLoginResponse | undefined>('/api/signup/auth/kakao/', {
    method: 'POST',
    json: { code, redirect_uri: redirectUri },
  });
}

/**
 * POST /api/mypage/additional/ (multipart: school, phone, optional email, student_card_image). It lives here because
 * only an account created through Kakao ever needs it: it is the last step of the Kakao sign-in.
 */
export function saveAdditionalInfo(form: FormData): Promise<{ is_additional_info_provided: boolean }> {
  return apiFetch('/api/mypage/additional/', { method: 'POST', body: form });
}
