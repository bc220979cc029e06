import type { Question } from '../../shared/live';
import { GAME_TEXTS as T } from './game-texts';

/**
 * Where this student stands on one question, told by the numbers as they are now: the round has no end the server
 * announces and late votes keep arriving, so the recap says how many have voted instead of calling a side "the
 * majority" — one vote (mine) is no majority of anything.
 */
type Standing =
  | { kind: 'none' }
  /** Voted, but the server did not say which side (one written to spec §3 alone has no my_choice). */
  | { kind: 'unknown' }
  /** Nobody else has voted on it yet. */
  | { kind: 'alone' }
  /** `same` of the `total` voters (me included) took my side. */
  | { kind: 'counted'; same: number; total: number };

function standing(q: Question): Standing {
  if (!q.has_voted) return { kind: 'none' };
  if (!q.my_choice) return { kind: 'unknown' };
  const a = Math.max(0, q.vote_a_count);
  const b = Math.max(0, q.vote_b_count);
  // The counts can lag behind my own vote for a moment (a poll answered before it landed): my vote always counts.
  const mine = q.my_choice === 'A' ? a : b;
  const lag = mine === 0 ? 1 : 0;
  const same = mine + lag;
  const total = a + b + lag;
  if (total === 1) return { kind: 'alone' };
  return { kind: 'counted', same, total };
}

/** The recap's line under a question: "3명 중 2명이 나와 같은 선택이에요.", "아직 나만 투표했어요." … */
export function standingText(q: Question): string {
  const s = standing(q);
  return s.kind === 'counted' ? T.standing.counted(s.same, s.total) : T.standing[s.kind];
}

/** The round is over for this student once every question has their vote: then the recap comes up by itself. */
export const allVoted = (questions: Question[]) => questions.length > 0 && questions.every((q) => q.has_voted);
