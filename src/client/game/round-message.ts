import type { GameRound, RoundSocketMessage, VoteChoice } from '../../shared/live';

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

export function parseRoundMessage(raw: unknown): RoundSocketMessage | null {
  if (!raw || typeof raw !== 'object') return null;
  const { type, data } = raw as { type?: unknown; data?: Record<string, unknown> };
  if (type !== 'vote_update' || !data || typeof data !== 'object') return null;
  const { question_id, vote_a_count, vote_b_count } = data;
  if (!isCount(question_id) || !isCount(vote_a_count) || !isCount(vote_b_count)) return null;
  return { type, data: { question_id, vote_a_count, vote_b_count } };
}

/**
 * New counts for one question. Counts only ever grow (a vote is never taken back), so the larger number wins:
 * a push and a poll answer that cross on the network can then arrive in either order. `mine` is this student's own
 * vote, when the counts are the answer to it.
 */
export function withCounts(round: GameRound, id: number, a: number, b: number, mine?: VoteChoice): GameRound {
  return {
    ...round,
    questions: round.questions.map((q) =>
      q.id === id
        ? {
            ...q,
            vote_a_count: Math.max(q.vote_a_count, a),
            vote_b_count: Math.max(q.vote_b_count, b),
            has_voted: q.has_voted || mine !== undefined,
            my_choice: q.my_choice ?? mine ?? null,
          }
        : q,
    ),
  };
}
