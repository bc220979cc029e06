import { and, eq, sql } from 'drizzle-orm';
import type { RoundSocketMessage, VoteChoice, VoteResponse } from '../../shared/live';
import type { Ctx } from '../context';
import type { Db, Tx } from '../db/connect';
import { questions, rounds, votes } from '../db/schema/game';
import { participations } from '../db/schema/parties';
import { detail } from '../http/errors';
import { recordIdempotentAnswer, withKeyClaimed } from '../http/idempotency/key-claim';
import { roundChannel } from '../realtime/socket-hub';
import { LIVE_MESSAGES as LM } from './messages';

/**
 * One vote per user and question, decided by the unique key (not by a prior read, which races). The counter moves
 * in the same statement, so counts always equal the votes; the new counts go to every socket of the round.
 *
 * Two round trips after the token check: a vote's delivery to a thousand sockets waits on them (bench/fanout.ts),
 * and on a busy database each round trip costs far more than the broadcast. So the question, its round and the
 * caller's confirmed participation are read at once, and the vote is written by one statement: the insert skips a
 * second vote (ON CONFLICT on votes_question_user_key, which also waits out a concurrent first vote), and the
 * counter moves only when the insert wrote a row. A single statement is atomic, as the transaction was.
 */
export async function castVote(ctx: Ctx, userId: number, questionId: number, choice: VoteChoice): Promise<VoteResponse> {
  // With an Idempotency-Key the vote and its answer commit together in one transaction (http/idempotency/).
  const { roundId, answer } = await withKeyClaimed(ctx.db, (db) => writeVote(ctx, db, userId, questionId, choice));
  const message: RoundSocketMessage = { type: 'vote_update', data: { question_id: questionId, vote_a_count: answer.vote_a_count, vote_b_count: answer.vote_b_count } };
  await ctx.hub.broadcast(roundChannel(roundId), message);
  return answer;
}

async function writeVote(ctx: Ctx, db: Db | Tx, userId: number, questionId: number, choice: VoteChoice) {
  const [q] = await db
    .select({ roundId: questions.roundId, participation: participations.id })
    .from(questions)
    .innerJoin(rounds, eq(rounds.id, questions.roundId))
    .leftJoin(participations, and(eq(participations.partyId, rounds.partyId), eq(participations.userId, userId), eq(participations.status, 'confirmed')))
    .where(eq(questions.id, questionId));
  if (!q) throw detail(404, LM.questionNotFound);
  if (q.participation === null) throw detail(403, LM.onlyParticipantsVote);

  const column = choice === 'A' ? sql.identifier('vote_a_count') : sql.identifier('vote_b_count');
  const result = await db.execute(sql`
    with cast_vote as (
      insert into ${votes} (question_id, user_id, choice, created_at)
      values (${questionId}, ${userId}, ${choice}, ${ctx.clock.now()})
      on conflict (question_id, user_id) do nothing
      returning question_id
    )
    update ${questions} set ${column} = ${column} + 1
    where id = (select question_id from cast_vote)
    returning vote_a_count as a, vote_b_count as b`);
  const [counts] = (result as unknown as { rows: { a: number; b: number }[] }).rows;
  if (!counts) throw detail(400, LM.alreadyVoted);
  const answer: VoteResponse = { question_id: questionId, vote_a_count: counts.a, vote_b_count: counts.b, has_voted: true };
  return { roundId: q.roundId, answer: await recordIdempotentAnswer(db, answer) };
}
