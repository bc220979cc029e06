import { useSetAtom, useStore } from 'jotai';
import { useEffect } from 'react';
import { useSWRConfig } from 'swr';
import { STORAGE } from '../../shared/storage-keys';
import { fetchLocalUser } from '../api/profile';
import { isPrivateAnswer } from '../api/public-answers';
import { getAccessToken, SESSION_KEYS } from '../api/token-store';
import { forgetSessionInBrowser } from '../lib/forget-session';
import { useLatest } from '../lib/use-latest';
import { onAuthError } from '../lib/auth-events';
import { readLocalUser, writeLocalUser } from './local-user';
import { accessTokenAtom, currentUserAtom } from './session-atoms';

/** Keeps the session atoms true to storage: profile on start, other tabs' sign-in/out, and authError. */
export function SessionSync() {
  const store = useStore();
  const setToken = useSetAtom(accessTokenAtom);
  const setUser = useSetAtom(currentUserAtom);
  const mutate = useLatest(useSWRConfig().mutate);

  useEffect(() => {
    let alive = true;
    const loadUser = () => {
      fetchLocalUser()
        .then((user) => {
          if (!alive || !getAccessToken()) return;
          writeLocalUser(user);
          setUser(user);
        })
        // Spec §8: a failed profile load is only logged; a dead session arrives as authError instead.
        .catch((error: unknown) => console.warn('프로필을 불러오지 못했습니다.', error));
    };

    const syncFromStorage = () => {
      // The session's token as this tab last knew it, read before the atom lets it go (storage has already).
      const ended = store.get(accessTokenAtom);
      const token = getAccessToken();
      setToken(token);
      if (!token) {
        setUser(null);
        // A session that ended without the logout button (refused refresh, another tab) leaves nothing of the
        // student behind either: their answers go from memory, the worker's kept pages from storage.
        void mutate.current(isPrivateAnswer, undefined, { revalidate: false });
        // Nor pushes: the server forgets this browser's subscription when that token still works, and the browser
        // drops it in any case (a dead token after a refused refresh), so the next login subscribes afresh.
        forgetSessionInBrowser(ended, ended !== null);
      }
      return token;
    };

    if (getAccessToken()) loadUser();

    const onStorage = (event: StorageEvent) => {
      if (!SESSION_KEYS.includes(event.key)) return;
      if (event.key === STORAGE.user) {
        setUser(readLocalUser());
        return;
      }
      if (syncFromStorage()) loadUser();
    };
    window.addEventListener('storage', onStorage);

    // A failed refresh has cleared the tokens: drop the session. A 403 keeps its tokens (the student is still
    // signed in, just not allowed that one thing), so re-syncing from storage leaves the session in place then.
    const stopAuthError = onAuthError(() => {
      syncFromStorage();
    });

    return () => {
      alive = false;
      window.removeEventListener('storage', onStorage);
      stopAuthError();
    };
  }, [mutate, setToken, setUser, store]);

  return null;
}
