import type { ExtraSettingsOut, MbtiParts } from '../../shared/extra-options';
import { ApiError } from './api-error';
import { apiFetch } from './client';

const PATH = '/api/mypage/extra-settings/me/';

export interface ExtraChoice {
  grade: string;
  college: string;
  personality: string;
  mbti: { i_e: string; n_s: string; f_t: string; p_j: string };
}

/** The saved settings, or `null` when the student has none yet (404): the wizard then creates instead of updating. */
export async function fetchExtraSettings(): Promise<ExtraSettingsOut | null> {
  try {
    return await apiFetch<ExtraSettingsOut>(PATH);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function saveExtraSettings(choice: ExtraChoice, existing: boolean) {
  return apiFetch<ExtraSettingsOut>(PATH, { method: existing ? 'PATCH' : 'POST', json: { extra: choice } });
}

/** Both MBTI forms of spec §3 come back; the parts object is the one the wizard edits. */
export function mbtiPartsOf(settings: ExtraSettingsOut): MbtiParts {
  const parts = settings.extra?.mbti;
  return {
    i_e: parts?.i_e ?? settings.mbti_ie ?? null,
    n_s: parts?.n_s ?? settings.mbti_ns ?? null,
    f_t: parts?.f_t ?? settings.mbti_ft ?? null,
    p_j: parts?.p_j ?? settings.mbti_pj ?? null,
  };
}
