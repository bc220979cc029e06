import useSWR from 'swr';
import { PAYMENT_METHOD } from '../../shared/constants';
import type { LeaveQuote, LeaveResponse, ParticipationDetail, PayResponse } from '../../shared/parties';
import type { ApiError } from './api-error';
import { apiFetch } from './client';

/** Spec §7: what the payment screen shows (deposit, the student's points, the hold). */
export function useParticipation(participationId: number | null) {
  return useSWR<ParticipationDetail, ApiError>(
    participationId === null ? null : `/api/reserve/participation/${participationId}/`,
    // A focus refetch mid-payment could flip the screen to "already paid" under the success modal.
    { revalidateOnFocus: false },
  );
}

export function payParticipation(participationId: number): Promise<PayResponse> {
  return apiFetch<PayResponse>(`/api/reserve/pay/${participationId}/`, {
    method: 'POST',
    json: { payment_method: PAYMENT_METHOD },
    idempotent: true,
  });
}

/** Spec §4: cancels the student's participation in the party (free while unpaid). */
export function leaveParty(partyId: number): Promise<LeaveResponse> {
  return apiFetch<LeaveResponse>(`/api/detailview/parties/${partyId}/leave/`, { method: 'POST', idempotent: true });
}

/** What leaving now would do (issue 30 §1), by the server's rule: asked each time the 참가 취소 sheet opens. */
export function fetchLeaveQuote(partyId: number): Promise<LeaveQuote> {
  return apiFetch<LeaveQuote>(`/api/detailview/parties/${partyId}/leave/`);
}
