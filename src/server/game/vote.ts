import { eq, sql } from 'drizzle-orm';
import type { RoundSocketMessage, VoteChoice, VoteResponse } from '../../shared/live';
import type { Ctx } from '../context';
import { isUniqueViolation } from '../db/pg-errors';
import { questions, rounds, votes } from '../db/schema/game';
import { detail } from '../http/errors';
import { confirmedParticipation } from '../partyassist/membership';
import { roundChannel } from '../realtime/socket-hub';
import { LIVE_MESSAGES as LM } from './messages';

class AlreadyVoted extends Error {}

/**
 * One vote per user and question, decided by the unique key (not by a prior read, which races). The counter moves
 * in the same transaction, so counts always equal the votes; the new counts go to every socket of the round.
 */
export async function castVote(ctx: Ctx, userId: number, questionId: number, choice: VoteChoice): Promise<VoteResponse> {
  const [q] = await ctx.db
    .select({ roundId: questions.roundId, partyId: rounds.partyId })
    .from(questions)
    .innerJoin(rounds, eq(rounds.id, questions.roundId))
    .where(eq(questions.id, questionId));
  if (!q) throw detail(404, LM.questionNotFound);
  if (!(await confirmedParticipation(ctx.db, userId, q.partyId))) throw detail(403, LM.onlyParticipantsVote);

  let counts: { a: number; b: number };
  try {
    counts = await ctx.db.transaction(async (tx) => {
      await tx.insert(votes).values({ questionId, userId, choice, createdAt: ctx.clock.now() }).catch((err) => {
        if (isUniqueViolation(err, 'votes_question_user_key')) throw new AlreadyVoted();
        throw err;
      });
      const column = choice === 'A' ? questions.voteACount : questions.voteBCount;
      const [row] = await tx
        .update(questions)
        .set(choice === 'A' ? { voteACount: sql`${column} + 1` } : { voteBCount: sql`${column} + 1` })
        .where(eq(questions.id, questionId))
        .returning({ a: questions.voteACount, b: questions.voteBCount });
      return row;
    });
  } catch (err) {
    if (err instanceof AlreadyVoted) throw detail(400, LM.alreadyVoted);
    throw err;
  }
  const message: RoundSocketMessage = { type: 'vote_update', data: { question_id: questionId, vote_a_count: counts.a, vote_b_count: counts.b } };
  await ctx.hub.broadcast(roundChannel(q.roundId), message);
  return { question_id: questionId, vote_a_count: counts.a, vote_b_count: counts.b, has_voted: true };
}
