import type { Question } from '../../shared/live';

/** Where this student stood on one question once the votes are in. */
export type Standing = 'majority' | 'minority' | 'tie' | 'unknown' | 'none';

export function standing(q: Question): Standing {
  if (!q.has_voted) return 'none';
  // A server written to spec §3 alone says has_voted but not which side.
  if (!q.my_choice) return 'unknown';
  const a = Math.max(0, q.vote_a_count);
  const b = Math.max(0, q.vote_b_count);
  if (a === b) return 'tie';
  return (a > b) === (q.my_choice === 'A') ? 'majority' : 'minority';
}

/** The round is over for this student once every question has their vote: then the recap comes up by itself. */
export const allVoted = (questions: Question[]) => questions.length > 0 && questions.every((q) => q.has_voted);
