import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { ApiError } from '../api/api-error';
import { changePassword, PROFILE_PATH, saveProfile } from '../api/profile-edit';
import { MYPAGE_MAIN_PATH } from '../api/read-paths';
import { storeTokens } from '../api/token-store';
import { accessTokenAtom } from '../state/session-atoms';
import { useAlert } from '../ui/use-alert';
import type { FormErrors } from '../ui/use-form-errors';
import { useGoBack } from '../ui/use-go-back';
import { PROFILE_TEXTS as T } from './profile-rules';

export interface ProfileForm {
  password: string;
  password2: string;
  intro: string;
  photo: File | null;
}

/** The server's words after the prefix when it gave some; otherwise the one default of spec §8. */
const failure = (error: unknown, withDetail: (detail: string) => string) =>
  error instanceof ApiError && error.status !== 0 && error.message ? withDetail(error.message) : T.failed;

/**
 * Spec §8 "Profile": the password first (when one is entered), then intro and photo; each failure says which
 * part failed and stops there, once on the form's line (the passwords' own errors are beside them). Success says 저장
 * 완료! and goes back.
 */
export function useProfileSave(onLoginNeeded: () => void) {
  const [saving, setSaving] = useState(false);
  const setToken = useSetAtom(accessTokenAtom);
  const { mutate } = useSWRConfig();
  const goBack = useGoBack('/mypage');
  const showAlert = useAlert();

  const step = async (form: FormErrors, run: () => Promise<void>, withDetail: (detail: string) => string) => {
    try {
      await run();
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) onLoginNeeded();
      else form.say(failure(error, withDetail));
      return false;
    }
  };

  /** `form` is the screen's: a wrong password stops the save, said beside its field. */
  const save = async (values: ProfileForm, form: FormErrors) => {
    if (saving || !form.ready()) return;
    setSaving(true);
    try {
      if (values.password) {
        const changed = await step(form, async () => {
          // The server revoked every other session; this one carries on with the fresh pair it answered.
          const tokens = await changePassword(values.password, values.password2);
          storeTokens(tokens);
          setToken(tokens.access);
        }, T.passwordFailed);
        if (!changed) return;
      }
      const saved = await step(form, () => saveProfile(values.intro.trim(), values.photo).then(() => undefined), T.profileFailed);
      if (!saved) return;
      void mutate(MYPAGE_MAIN_PATH);
      void mutate(PROFILE_PATH);
      await showAlert(T.saved);
      goBack();
    } finally {
      setSaving(false);
    }
  };

  return { save, saving };
}
