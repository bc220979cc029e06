import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { useLocation } from 'wouter';
import { forgetSessionInBrowser } from '../lib/forget-session';
import type { TokenPair } from '../../shared/auth';
import { endSignIn } from '../api/auth';
import { fetchLocalUser } from '../api/profile';
import { clearTokens, getAccessToken, getRefreshToken, storeTokens } from '../api/token-store';
import { writeLocalUser } from './local-user';
import { accessTokenAtom, currentUserAtom } from './session-atoms';

/** Stores a fresh token pair and loads the profile (spec §4 "Auth"); resolves once the user is known. */
export function useSignIn() {
  const setToken = useSetAtom(accessTokenAtom);
  const setUser = useSetAtom(currentUserAtom);
  return useCallback(
    async (tokens: TokenPair) => {
      storeTokens(tokens);
      setToken(tokens.access);
      try {
        const user = await fetchLocalUser();
        writeLocalUser(user);
        setUser(user);
      } catch (error) {
        // Signed in all the same; the name appears once the profile loads on the next start.
        console.warn('프로필을 불러오지 못했습니다.', error);
      }
    },
    [setToken, setUser],
  );
}

/**
 * Ends the sign-in on the server, clears every token and cached answer, then leaves for `to` (spec §4: /login; my
 * page uses /).
 */
export function useLogout() {
  const setToken = useSetAtom(accessTokenAtom);
  const setUser = useSetAtom(currentUserAtom);
  const { mutate } = useSWRConfig();
  const [, navigate] = useLocation();
  return useCallback(
    (to = '/login') => {
      // Pushes are the student's: this browser stops getting them (named with the token before it goes), and the
      // worker's kept answers go.
      forgetSessionInBrowser(getAccessToken(), true);
      // The server ends the sign-in, so a copy of the tokens left anywhere stops working too. Not awaited, and its
      // failure dropped on purpose: offline or with the server down, the student is logged out of this browser all
      // the same (the refresh token is gone from it), only the server learns nothing.
      const refresh = getRefreshToken();
      if (refresh) void endSignIn(refresh).catch(() => undefined);
      clearTokens();
      setToken(null);
      setUser(null);
      void mutate(() => true, undefined, { revalidate: false });
      navigate(to, { replace: true });
    },
    [mutate, navigate, setToken, setUser],
  );
}
