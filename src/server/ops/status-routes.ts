import { count, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { opsStatus } from '../../shared/ops-contract';
import type { Ctx } from '../context';
import { parties } from '../db/schema/parties';
import { places } from '../db/schema/places';
import { users } from '../db/schema/users';
import { requireOps } from './guard';

export async function opsStatusRoutes(parent: FastifyInstance, ctx: Ctx) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.get('/api/ops/status/', { preValidation: requireOps(ctx), schema: { summary: 'Counts that show the server works: users, places, upcoming parties', response: { 200: opsStatus } } }, async () => {
    const [[u], [p], [up]] = await Promise.all([
      ctx.db.select({ n: count() }).from(users).where(isNull(users.deletedAt)),
      ctx.db.select({ n: count() }).from(places),
      ctx.db.select({ n: count() }).from(parties).where(gt(parties.startTime, ctx.clock.now())),
    ]);
    return { database: ctx.database.kind, users: u.n, places: p.n, upcoming_parties: up.n };
  });
}
