import { useRef, useState } from 'react';
import type { StandbyState } from '../../shared/live';
import { ApiError, errorMessage } from '../api/api-error';
import { toggleStandby } from '../api/standby';
import { LOBBY_TEXTS as T } from './lobby-texts';

/** Spec §8 "Standby toggle": 403 and 404 have their own words, a 400 says what the server said. */
function toggleError(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 403) return T.forbidden;
    if (error.status === 404) return T.notFound;
    if (error.status === 400) return errorMessage(error, T.toggleFailed);
  }
  return T.toggleFailed;
}

/** One toggle at a time; the server's answer (not a guess) becomes the new state. */
export function useStandbyToggle(partyId: number, onState: (state: StandbyState) => void) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const inFlight = useRef(false);

  const toggle = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setError('');
    try {
      onState(await toggleStandby(partyId));
    } catch (e) {
      setError(toggleError(e));
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  return { toggle, busy, error };
}
