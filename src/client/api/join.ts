import type { JoinResponse } from '../../shared/parties';
import { apiFetch } from './client';

/** Spec §7: POST /api/reserve/join/{partyId}/ with no body answers the new (pending) participation. */
export function joinParty(partyId: number): Promise<JoinResponse> {
  return apiFetch<JoinResponse>(`/api/reserve/join/${partyId}/`, { method: 'POST', idempotent: true });
}
