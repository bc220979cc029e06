import useSWR from 'swr';
import type { GameRound, VoteChoice, VoteResponse } from '../../shared/live';
import type { ApiError } from './api-error';
import { apiFetch } from './client';
import { roundPath } from './read-paths';

/** `pollMs` > 0 re-reads the round on that interval (the game's fallback while its socket is down). */
export function useGameRound(roundId: number | null, pollMs: number) {
  return useSWR<GameRound, ApiError>(roundId ? roundPath(roundId) : null, { refreshInterval: pollMs });
}

export function voteOnQuestion(questionId: number, choice: VoteChoice): Promise<VoteResponse> {
  return apiFetch<VoteResponse>(`/api/v1/game/questions/${questionId}/vote/`, { method: 'POST', json: { choice }, idempotent: true });
}
