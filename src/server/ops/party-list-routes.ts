import { and, eq, gte, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refusals } from '../../shared/error-contract';
import { idParam } from '../../shared/id-schema';
import { opsPartyListQuery } from '../../shared/ops';
import { opsPartyDetail, opsPartySummary } from '../../shared/ops-contract';
import type { Ctx } from '../context';
import { parties } from '../db/schema/parties';
import { detail } from '../http/errors';
import { PARTY_MESSAGES as PM } from '../parties/messages';
import { campusDay } from './campus-day';
import { requireOps } from './guard';
import { partyDetail, partySummaries } from './party-summaries';

// A week of a busy campus is a few dozen parties; past this the console narrows with from/to.
const LIST_LIMIT = 200;

export async function opsPartyListRoutes(parent: FastifyInstance, ctx: Ctx) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const ops = { preValidation: requireOps(ctx) };

  const listSchema = { summary: 'Parties by date range and status, with seat and payment counts', querystring: opsPartyListQuery, response: { 200: z.array(opsPartySummary) } };
  app.get('/api/ops/parties/', { ...ops, schema: listSchema }, async (req) => {
    const { from, to, status } = req.query;
    const now = ctx.clock.now();
    const where = and(
      gte(parties.startTime, from ? new Date(from) : campusDay(now).start),
      to ? lt(parties.startTime, new Date(to)) : undefined,
      status ? eq(parties.status, status) : undefined,
    );
    return (await partySummaries(ctx.db, now, where, LIST_LIMIT)).map((p) => p.summary);
  });

  const detailSchema = { summary: 'A party with every participant and their deposit', params: z.object({ partyId: idParam(PM.notFound) }), response: { 200: opsPartyDetail, ...refusals(404) } };
  app.get('/api/ops/parties/:partyId/', { ...ops, schema: detailSchema }, async (req) => {
    const found = await partyDetail(ctx.db, ctx.clock.now(), req.params.partyId);
    if (!found) throw detail(404, PM.notFound);
    return found;
  });
}
