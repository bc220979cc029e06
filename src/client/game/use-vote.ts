import { useRef, useState } from 'react';
import type { Question, VoteChoice, VoteResponse } from '../../shared/live';
import { ApiError, errorMessage } from '../api/api-error';
import { voteOnQuestion } from '../api/game-round';
import { isOutage } from '../api/server-reach';
import { GAME_TEXTS as T } from './game-texts';

function voteError(error: unknown): string {
  if (error instanceof ApiError && error.status === 403) return T.voteForbidden;
  if (error instanceof ApiError && error.status === 400) return errorMessage(error, T.voteInvalid);
  return isOutage(error) ? T.voteUnreachable : T.voteFailed;
}

/**
 * Spec §4 "Game vote": a pending flag per question — here the side being sent, so the screen can mark it at once;
 * a second tap while one is in flight is ignored (the ref sees it before React re-renders the disabled buttons).
 * `onRefused` asks for a re-read after a 400.
 */
export function useVote(onVoted: (res: VoteResponse, choice: VoteChoice) => void, onRefused: () => void) {
  const inFlight = useRef(new Map<number, VoteChoice>());
  const [pending, setPending] = useState<ReadonlyMap<number, VoteChoice>>(new Map());
  const [error, setError] = useState('');

  const mark = (id: number, choice: VoteChoice | null) => {
    if (choice) inFlight.current.set(id, choice);
    else inFlight.current.delete(id);
    setPending(new Map(inFlight.current));
  };

  const vote = async (question: Question, choice: VoteChoice) => {
    if (question.has_voted || inFlight.current.has(question.id)) return;
    mark(question.id, choice);
    setError('');
    try {
      onVoted(await voteOnQuestion(question.id, choice), choice);
    } catch (e) {
      setError(voteError(e));
      // "Already voted" from another tab or device: re-read so this one disables its buttons too.
      if (e instanceof ApiError && e.status === 400) onRefused();
    } finally {
      mark(question.id, null);
    }
  };

  return { vote, pending, error };
}
