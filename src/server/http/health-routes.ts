import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../context';

const journal = JSON.parse(readFileSync(fileURLToPath(new URL('../db/migrations/meta/_journal.json', import.meta.url)), 'utf8')) as {
  entries: unknown[];
};

/**
 * /healthz: the process answers (for restarts). /readyz: this instance can serve (for load balancers): the
 * database answers and has every migration of this build, and Redis answers when it is configured.
 */
export async function healthRoutes(app: FastifyInstance, ctx: Ctx) {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_req, reply) => {
    const checks: Record<string, string> = {};
    try {
      await ctx.database.ping();
      const result = await ctx.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      const applied = Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
      checks.database = applied >= journal.entries.length ? 'ok' : `migrations ${applied}/${journal.entries.length}`;
    } catch {
      checks.database = 'unreachable';
    }
    try {
      await ctx.bus.ping();
      checks.events = ctx.config.redisUrl ? 'ok (redis)' : 'ok (local)';
    } catch {
      checks.events = 'redis unreachable';
    }
    const ready = checks.database === 'ok' && checks.events.startsWith('ok');
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unavailable', database: ctx.database.kind, checks });
  });
}
