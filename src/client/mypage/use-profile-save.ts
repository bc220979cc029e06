import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { ApiError } from '../api/api-error';
import { changePassword, PROFILE_PATH, saveProfile } from '../api/profile-edit';
import { MYPAGE_MAIN_PATH } from '../api/profile';
import { storeTokens } from '../api/token-store';
import { accessTokenAtom } from '../state/session-atoms';
import { useFormMessage } from '../ui/use-form-message';
import { useAlert } from '../ui/use-alert';
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
 * part failed and stops there. Success says 저장 완료! and goes back.
 */
export function useProfileSave(onLoginNeeded: () => void) {
  const [saving, setSaving] = useState(false);
  const setToken = useSetAtom(accessTokenAtom);
  const { mutate } = useSWRConfig();
  const goBack = useGoBack('/mypage');
  const message = useFormMessage();
  const showAlert = useAlert();

  const step = async (run: () => Promise<void>, withDetail: (detail: string) => string) => {
    try {
      await run();
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) onLoginNeeded();
      else message.show(failure(error, withDetail));
      return false;
    }
  };

  /** `check` is the form's own (field errors beside the passwords); its message, when any, stops the save. */
  const save = async (form: ProfileForm, check: () => string | null) => {
    if (saving) return;
    const problem = check();
    if (problem) return message.show(problem);
    message.clear();
    setSaving(true);
    try {
      if (form.password) {
        const changed = await step(async () => {
          // The server revoked every other session; this one carries on with the fresh pair it answered.
          const tokens = await changePassword(form.password, form.password2);
          storeTokens(tokens);
          setToken(tokens.access);
        }, T.passwordFailed);
        if (!changed) return;
      }
      const saved = await step(() => saveProfile(form.intro.trim(), form.photo).then(() => undefined), T.profileFailed);
      if (!saved) return;
      void mutate(MYPAGE_MAIN_PATH);
      void mutate(PROFILE_PATH);
      await showAlert(T.saved);
      goBack();
    } finally {
      setSaving(false);
    }
  };

  return { save, saving, message: message.message, reject: message.show };
}
