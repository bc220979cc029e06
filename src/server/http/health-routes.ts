import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiError } from '../../shared/error-contract';
import type { Ctx } from '../context';
import { withDeadline } from './deadline';

const journal = JSON.parse(readFileSync(fileURLToPath(new URL('../db/migrations/meta/_journal.json', import.meta.url)), 'utf8')) as {
  entries: unknown[];
};

// A load balancer must hear "not ready" quickly (docs/operations.md: within 2 s) even when a dependency is silent; both
// checks run side by side, each with this deadline.
const CHECK_DEADLINE_MS = 1_500;

const alive = z.object({ status: z.literal('ok') }).meta({ id: 'Alive' });
const readiness = z
  .object({
    status: z.enum(['ready', 'unavailable']),
    database: z.enum(['pglite', 'postgres']),
    // Words for the operator reading them, e.g. "migrations 3/4" or "redis unreachable".
    checks: z.object({ database: z.string(), events: z.string() }),
  })
  .meta({ id: 'Readiness' });
// Not ready: which check failed, or (while the instance drains) the usual error body app.ts answers every request with.
const notReady = z.union([readiness, apiError]);

/**
 * /healthz: the process answers (for restarts). /readyz: this instance can serve (for load balancers): the
 * database answers and has every migration of this build, and Redis answers when it is configured.
 */
export async function healthRoutes(parent: FastifyInstance, ctx: Ctx) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.get('/healthz', { schema: { summary: 'The process answers (for a supervisor that restarts it)', response: { 200: alive } } }, async () => ({ status: 'ok' as const }));

  async function databaseCheck(): Promise<string> {
    await ctx.database.ping();
    const result = await ctx.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    const applied = Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
    return applied >= journal.entries.length ? 'ok' : `migrations ${applied}/${journal.entries.length}`;
  }

  app.get('/readyz', { schema: { summary: 'This instance can serve: database and Redis answer (for a load balancer)', response: { 200: readiness, 503: notReady } } }, async (_req, reply) => {
    const [database, events] = await Promise.all([
      withDeadline(databaseCheck(), CHECK_DEADLINE_MS, 'database').catch(() => 'unreachable'),
      withDeadline(ctx.bus.ping(), CHECK_DEADLINE_MS, 'event bus').then(
        () => (ctx.config.redisUrl ? 'ok (redis)' : 'ok (local)'),
        () => 'redis unreachable',
      ),
    ]);
    const checks = { database, events };
    const ready = database === 'ok' && events.startsWith('ok');
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unavailable', database: ctx.database.kind, checks } as const);
  });
}
