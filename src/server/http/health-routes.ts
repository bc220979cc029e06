import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../context';

export async function healthRoutes(app: FastifyInstance, ctx: Ctx) {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_req, reply) => {
    try {
      await ctx.database.ping();
      return { status: 'ready', database: ctx.database.kind };
    } catch {
      return reply.status(503).send({ status: 'unavailable', database: ctx.database.kind });
    }
  });
}
