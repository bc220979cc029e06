import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type GameRound, voteRequest } from '../../shared/live';
import type { Ctx } from '../context';
import { questions, rounds, votes } from '../db/schema/game';
import { requireUser, userIdOf } from '../http/auth-guard';
import { detail } from '../http/errors';
import { idParam } from '../http/params';
import { checkInOnArrival } from '../partyassist/check-in';
import { confirmedParticipation } from '../partyassist/membership';
import { LIVE_MESSAGES as LM } from './messages';
import { castVote } from './vote';

export async function gameRoutes(app: FastifyInstance, ctx: Ctx) {
  const auth = { preValidation: requireUser(ctx) };

  app.get('/api/v1/game/rounds/:roundId/', auth, async (req): Promise<GameRound> => {
    const roundId = idParam(req.params, 'roundId', LM.roundNotFound);
    const userId = userIdOf(req);
    const [round] = await ctx.db.select().from(rounds).where(eq(rounds.id, roundId));
    if (!round) throw detail(404, LM.roundNotFound);
    if (!(await confirmedParticipation(ctx.db, userId, round.partyId))) throw detail(403, LM.onlyParticipantsGame);
    // Opening the round is being there (DESIGN.md §4 "Attendance"): a late arrival is checked in like a standby.
    await checkInOnArrival(ctx, userId, round.partyId);
    const rows = await ctx.db
      .select({ q: questions, voted: votes.id })
      .from(questions)
      .leftJoin(votes, and(eq(votes.questionId, questions.id), eq(votes.userId, userId)))
      .where(eq(questions.roundId, roundId))
      .orderBy(asc(questions.position));
    return {
      id: round.id,
      party_id: round.partyId,
      questions: rows.map(({ q, voted }) => ({
        id: q.id,
        a_text: q.aText,
        b_text: q.bText,
        vote_a_count: q.voteACount,
        vote_b_count: q.voteBCount,
        has_voted: voted !== null,
      })),
    };
  });

  app.post('/api/v1/game/questions/:questionId/vote/', auth, async (req, reply) => {
    const questionId = idParam(req.params, 'questionId', LM.questionNotFound);
    const { choice } = voteRequest.parse(req.body ?? {});
    return reply.status(201).send(await castVote(ctx, userIdOf(req), questionId, choice));
  });
}
