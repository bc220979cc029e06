import { apiFetch } from './client';

/** Spec §7: POST /api/reserve/join/{partyId}/ with no body answers the new participation's id. */
export function joinParty(partyId: number): Promise<{ id: number }> {
  return apiFetch<{ id: number }>(`/api/reserve/join/${partyId}/`, { method: 'POST' });
}

/** Navigation state /payment reads (DESIGN.md §5). */
export interface PaymentNavState {
  participationId: number;
  partyId: number;
}
