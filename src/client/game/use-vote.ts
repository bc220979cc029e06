import { useRef, useState } from 'react';
import type { Question, VoteChoice, VoteResponse } from '../../shared/live';
import { ApiError, errorMessage } from '../api/api-error';
import { voteOnQuestion } from '../api/game-round';
import { GAME_TEXTS as T } from './game-texts';

function voteError(error: unknown): string {
  if (error instanceof ApiError && error.status === 403) return T.voteForbidden;
  if (error instanceof ApiError && error.status === 400) return errorMessage(error, T.voteInvalid);
  return T.voteFailed;
}

/**
 * Spec §4 "Game vote": a pending flag per question; a second tap while one is in flight is ignored (the ref sees
 * it before React re-renders the disabled buttons). `onRefused` asks for a re-read after a 400.
 */
export function useVote(onVoted: (res: VoteResponse) => void, onRefused: () => void) {
  const inFlight = useRef(new Set<number>());
  const [pending, setPending] = useState<ReadonlySet<number>>(new Set());
  const [error, setError] = useState('');

  const mark = (id: number, on: boolean) => {
    if (on) inFlight.current.add(id);
    else inFlight.current.delete(id);
    setPending(new Set(inFlight.current));
  };

  const vote = async (question: Question, choice: VoteChoice) => {
    if (question.has_voted || inFlight.current.has(question.id)) return;
    mark(question.id, true);
    setError('');
    try {
      onVoted(await voteOnQuestion(question.id, choice));
    } catch (e) {
      setError(voteError(e));
      // "Already voted" from another tab or device: re-read so this one disables its buttons too.
      if (e instanceof ApiError && e.status === 400) onRefused();
    } finally {
      mark(question.id, false);
    }
  };

  return { vote, pending, error };
}
