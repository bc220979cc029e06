import useSWR from 'swr';
import type { ParticipantEntry, StandbyState } from '../../shared/live';
import type { ApiError } from './api-error';
import { apiFetch } from './client';
import { participantsPath } from './read-paths';

/** Confirmed participants of a party (the lobby reads the caller's own standby from it too). */
export function useParticipants(partyId: number | null) {
  return useSWR<ParticipantEntry[], ApiError>(partyId ? participantsPath(partyId) : null);
}

export function toggleStandby(partyId: number): Promise<StandbyState> {
  return apiFetch<StandbyState>(`/api/partyassist/standby/${partyId}/toggle/`, { method: 'POST' });
}
