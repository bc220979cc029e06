import type { ExtraSettingsOut, MbtiParts } from '../../shared/extra-options';
import type { MyPageMain } from '../../shared/mypage';
import { ApiError } from './api-error';
import { apiFetch } from './client';
import { MYPAGE_MAIN_PATH } from './read-paths';

const PATH = '/api/mypage/extra-settings/me/';

export interface ExtraChoice {
  grade: string;
  college: string;
  personality: string;
  mbti: { i_e: string; n_s: string; f_t: string; p_j: string };
}

/** What the wizard starts from: the four answers as saved. */
export interface SavedExtra {
  grade: string | null;
  college: string | null;
  personality: string | null;
  mbti: MbtiParts;
}

/** Spec §7's own call: 404 when the student has none yet. */
async function fetchExtraSettings(): Promise<SavedExtra | null> {
  try {
    const saved = await apiFetch<ExtraSettingsOut>(PATH);
    return { grade: saved.grade, college: saved.college, personality: saved.personality, mbti: mbtiPartsOf(saved) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/**
 * The saved settings, or `null` when the student has none yet: the wizard then creates instead of updating. My page
 * says whether any exist and holds them, so a new student's wizard asks nothing that answers 404 (a failed request
 * in the console); only a server without that flag is asked the spec's way.
 */
export async function loadExtraSettings(): Promise<SavedExtra | null> {
  const main = await apiFetch<MyPageMain>(MYPAGE_MAIN_PATH);
  if (main.has_extra_settings === undefined) return fetchExtraSettings();
  if (!main.has_extra_settings) return null;
  return { grade: main.grade, college: main.college, personality: main.personality, mbti: main.mbti };
}

export function saveExtraSettings(choice: ExtraChoice, existing: boolean) {
  return apiFetch<ExtraSettingsOut>(PATH, { method: existing ? 'PATCH' : 'POST', json: { extra: choice } });
}

/** Both MBTI forms of spec §3 come back; the parts object is the one the wizard edits. */
function mbtiPartsOf(settings: ExtraSettingsOut): MbtiParts {
  const parts = settings.extra?.mbti;
  return {
    i_e: parts?.i_e ?? settings.mbti_ie ?? null,
    n_s: parts?.n_s ?? settings.mbti_ns ?? null,
    f_t: parts?.f_t ?? settings.mbti_ft ?? null,
    p_j: parts?.p_j ?? settings.mbti_pj ?? null,
  };
}
