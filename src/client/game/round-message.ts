import type { GameRound, Question, RoundSocketMessage, VoteChoice } from '../../shared/live';

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

export function parseRoundMessage(raw: unknown): RoundSocketMessage | null {
  if (!raw || typeof raw !== 'object') return null;
  const { type, data } = raw as { type?: unknown; data?: Record<string, unknown> };
  if (type !== 'vote_update' || !data || typeof data !== 'object') return null;
  const { question_id, vote_a_count, vote_b_count } = data;
  if (!isCount(question_id) || !isCount(vote_a_count) || !isCount(vote_b_count)) return null;
  return { type, data: { question_id, vote_a_count, vote_b_count } };
}

type Newer = Pick<Question, 'vote_a_count' | 'vote_b_count'> & Partial<Pick<Question, 'has_voted' | 'my_choice'>>;

/**
 * Counts only ever grow (a vote is never taken back), so the larger number wins: a push and a read that cross on the
 * network can then arrive in either order. A vote, once known, stays known.
 */
function merged(q: Question, newer: Newer): Question {
  return {
    ...q,
    vote_a_count: Math.max(q.vote_a_count, newer.vote_a_count),
    vote_b_count: Math.max(q.vote_b_count, newer.vote_b_count),
    has_voted: q.has_voted || newer.has_voted === true,
    my_choice: q.my_choice ?? newer.my_choice ?? null,
  };
}

/** New counts for one question; `mine` is this student's own vote, when the counts are the answer to it. */
export function withCounts(round: GameRound, id: number, a: number, b: number, mine?: VoteChoice): GameRound {
  const newer: Newer = { vote_a_count: a, vote_b_count: b, has_voted: mine !== undefined, my_choice: mine };
  return { ...round, questions: round.questions.map((q) => (q.id === id ? merged(q, newer) : q)) };
}

/** The round read again after a reconnect, laid over what the screen holds (which pushes may already have moved). */
export function withRound(current: GameRound, fresh: GameRound): GameRound {
  const held = new Map(current.questions.map((q) => [q.id, q]));
  return { ...fresh, questions: fresh.questions.map((q) => (held.has(q.id) ? merged(q, held.get(q.id)!) : q)) };
}
