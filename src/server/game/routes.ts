import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refusals } from '../../shared/error-contract';
import { idParam } from '../../shared/id-schema';
import { idempotencyHeaders } from '../../shared/idempotency-contract';
import { type GameRound, voteRequest } from '../../shared/live';
import { gameRound, voteResponse } from '../../shared/live-contract';
import type { Ctx } from '../context';
import { questions, rounds, votes } from '../db/schema/game';
import { requireUser, userIdOf } from '../http/auth-guard';
import { detail } from '../http/errors';
import { idempotent } from '../http/idempotency/route-hooks';
import { checkInOnArrival } from '../partyassist/check-in';
import { confirmedParticipation } from '../partyassist/membership';
import { LIVE_MESSAGES as LM } from './messages';
import { castVote } from './vote';

export async function gameRoutes(parent: FastifyInstance, ctx: Ctx) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const auth = { preValidation: requireUser(ctx) };
  const roundPath = z.object({ roundId: idParam(LM.roundNotFound) });
  const questionPath = z.object({ questionId: idParam(LM.questionNotFound) });

  app.get('/api/v1/game/rounds/:roundId/', { ...auth, schema: { summary: "A party's balance-game round: its questions, counts and my votes", params: roundPath, response: { 200: gameRound, ...refusals(403, 404) } } }, async (req): Promise<GameRound> => {
    const { roundId } = req.params;
    const userId = userIdOf(req);
    const [round] = await ctx.db.select().from(rounds).where(eq(rounds.id, roundId));
    if (!round) throw detail(404, LM.roundNotFound);
    if (!(await confirmedParticipation(ctx.db, userId, round.partyId))) throw detail(403, LM.onlyParticipantsGame);
    // Opening the round is being there (docs/rules.md "Lobby and game"): a late arrival is checked in like a standby.
    await checkInOnArrival(ctx, userId, round.partyId);
    const rows = await ctx.db
      .select({ q: questions, choice: votes.choice })
      .from(questions)
      .leftJoin(votes, and(eq(votes.questionId, questions.id), eq(votes.userId, userId)))
      .where(eq(questions.roundId, roundId))
      .orderBy(asc(questions.position));
    return {
      id: round.id,
      party_id: round.partyId,
      questions: rows.map(({ q, choice }) => ({
        id: q.id,
        a_text: q.aText,
        b_text: q.bText,
        vote_a_count: q.voteACount,
        vote_b_count: q.voteBCount,
        has_voted: choice !== null,
        my_choice: choice,
      })),
    };
  });

  // The choice is checked before the question is looked up, as it was when the handler parsed it: a bad choice is a
  // 400 even for an unknown question.
  app.post(
    '/api/v1/game/questions/:questionId/vote/',
    {
      ...auth,
      ...idempotent(ctx, 201),
      schema: { summary: 'Vote A or B on a question, once', params: questionPath, headers: idempotencyHeaders, body: voteRequest, response: { 201: voteResponse, ...refusals(400, 403, 404, 409, 422) } },
    },
    async (req, reply) => reply.status(201).send(await castVote(ctx, userIdOf(req), req.params.questionId, req.body.choice)),
  );
}
