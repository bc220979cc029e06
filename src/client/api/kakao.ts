import type { KakaoConfig, KakaoLoginAnswer } from '../../shared/auth';
import type { AdditionalInfoSaved } from '../../shared/mypage';
import { apiFetch } from './client';

/** Partial on purpose: spec §8 treats an answer without both tokens as a failure the screen must detect. */
export type KakaoLoginResponse = Partial<KakaoLoginAnswer>;

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
export function saveAdditionalInfo(form: FormData): Promise<AdditionalInfoSaved> {
  return apiFetch('/api/mypage/additional/', { method: 'POST', body: form });
}
