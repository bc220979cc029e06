import { useEffect } from 'react';
import { useLocation } from 'wouter';
import type { ApiError } from '../api/api-error';
import { onAuthError } from '../lib/auth-events';

/**
 * Spec §8 "My page: 401 redirects to /login". A failed refresh clears the session before the call even fails
 * (so SWR drops the error with its key); the authError event is how this screen hears about that case.
 */
export function useRedirectOn401(error: ApiError | undefined) {
  const [, navigate] = useLocation();
  useEffect(
    () =>
      onAuthError(({ status }) => {
        if (status === 401) navigate('/login', { replace: true });
      }),
    [navigate],
  );
  useEffect(() => {
    if (error?.status === 401) navigate('/login', { replace: true });
  }, [error, navigate]);
}
