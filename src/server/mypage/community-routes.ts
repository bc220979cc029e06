import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { refusals } from '../../shared/error-contract';
import { reportInput, reviewInput } from '../../shared/community';
import { reportCreated, reviewCreated } from '../../shared/mypage-contract';
import type { Ctx } from '../context';
import { isUniqueViolation } from '../db/pg-errors';
import { reports, reviews } from '../db/schema/community';
import { parties } from '../db/schema/parties';
import { requireUser, userIdOf } from '../http/auth-guard';
import { detail, HttpError } from '../http/errors';
import { confirmedParticipation } from '../partyassist/membership';

const M = {
  partyNotFound: '파티를 찾을 수 없습니다.',
  reviewParticipantsOnly: '파티 참가자만 리뷰를 남길 수 있습니다.',
  reviewBeforeStart: '파티가 시작된 후에 리뷰를 남길 수 있습니다.',
  reviewDuplicate: '이미 리뷰를 남긴 파티입니다.',
  reportParticipantsOnly: '파티 참가자만 신고할 수 있습니다.',
  reportSelf: '자기 자신은 신고할 수 없습니다.',
  reportNotMember: '해당 파티의 참가자가 아닙니다.',
  reportDuplicate: '이미 신고한 참가자입니다.',
};

export async function communityRoutes(parent: FastifyInstance, ctx: Ctx) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const auth = { preValidation: requireUser(ctx) };

  app.post('/api/mypage/reviews/', { ...auth, schema: { summary: 'Review a party I took part in, once it has started', body: reviewInput, response: { 201: reviewCreated, ...refusals(400, 403, 404) } } }, async (req, reply) => {
    const { body } = req;
    const userId = userIdOf(req);
    const [party] = await ctx.db.select().from(parties).where(eq(parties.id, body.party));
    if (!party) throw detail(404, M.partyNotFound);
    if (!(await confirmedParticipation(ctx.db, userId, body.party))) throw detail(403, M.reviewParticipantsOnly);
    if (party.startTime > ctx.clock.now()) throw detail(400, M.reviewBeforeStart);
    try {
      const [row] = await ctx.db
        .insert(reviews)
        .values({
          partyId: body.party,
          userId,
          q1Rating: body.q1_rating,
          q2Rating: body.q2_rating,
          q3Rating: body.q3_rating,
          comment: body.comment.trim(),
          createdAt: ctx.clock.now(),
        })
        .returning({ id: reviews.id });
      return reply.status(201).send({ id: row.id });
    } catch (err) {
      if (isUniqueViolation(err, 'reviews_party_user_key')) throw detail(400, M.reviewDuplicate);
      throw err;
    }
  });

  app.post('/api/mypage/reports/', { ...auth, schema: { summary: 'Report another participant of a party I took part in', body: reportInput, response: { 201: reportCreated, ...refusals(400, 403, 404) } } }, async (req, reply) => {
    const { body } = req;
    const userId = userIdOf(req);
    if (body.reported_user === userId) throw new HttpError(400, { non_field_errors: [M.reportSelf] });
    const [party] = await ctx.db.select({ id: parties.id }).from(parties).where(eq(parties.id, body.party));
    if (!party) throw detail(404, M.partyNotFound);
    if (!(await confirmedParticipation(ctx.db, userId, body.party))) throw detail(403, M.reportParticipantsOnly);
    if (!(await confirmedParticipation(ctx.db, body.reported_user, body.party))) throw new HttpError(400, { non_field_errors: [M.reportNotMember] });
    try {
      const [row] = await ctx.db
        .insert(reports)
        .values({
          partyId: body.party,
          reporterId: userId,
          reportedUserId: body.reported_user,
          category: body.category,
          content: body.content,
          createdAt: ctx.clock.now(),
        })
        .returning({ id: reports.id });
      return reply.status(201).send({ id: row.id, detail: '신고가 접수되었습니다.' });
    } catch (err) {
      if (isUniqueViolation(err, 'reports_once_key')) throw new HttpError(400, { non_field_errors: [M.reportDuplicate] });
      throw err;
    }
  });
}
