import useSWR from 'swr';
import type { MyWaitlistEntry, WaitlistPosition } from '../../shared/parties';
import type { ApiError } from './api-error';
import { apiFetch, fetcher } from './client';

// The line of a full party (issue 18): my position in one party's line, and every party I wait for.
export const positionPath = (partyId: number) => `/api/reserve/waitlist/${partyId}/`;
export const MY_WAITLIST_PATH = '/api/reserve/waitlist/';

export function joinWaitlist(partyId: number): Promise<WaitlistPosition> {
  return apiFetch<WaitlistPosition>(positionPath(partyId), { method: 'POST', idempotent: true });
}

export function leaveWaitlist(partyId: number): Promise<unknown> {
  return apiFetch(positionPath(partyId), { method: 'DELETE', idempotent: true });
}

/** Only asked when it can matter (`enabled`: signed in, no seat of mine, the party still open). */
export function useWaitlistPosition(partyId: number, enabled: boolean) {
  return useSWR<WaitlistPosition, ApiError>(enabled ? positionPath(partyId) : null, fetcher);
}

export function useMyWaitlist(enabled: boolean) {
  return useSWR<MyWaitlistEntry[], ApiError>(enabled ? MY_WAITLIST_PATH : null, fetcher);
}
