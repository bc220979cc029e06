import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CAMPUS_PATH } from '../../shared/campus';
import { campusSettings } from '../../shared/campus-contract';
import type { Ctx } from '../context';
import { createWriteClearedCache } from '../http/micro-cache';
import { readCampus } from './campus-settings';

/** The campus every visitor sees: its names and map art (GET /api/campus/; the operators change it under /api/ops/campus/). */
export async function campusRoutes(parent: FastifyInstance, ctx: Ctx) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  // Every drawn page asks for it (page-render.ts): kept for the second, and dropped by any write like the lists.
  const cache = createWriteClearedCache<Awaited<ReturnType<typeof readCampus>>>(app);
  app.get(CAMPUS_PATH, { schema: { summary: "The campus's school, name and map art", response: { 200: campusSettings } } }, () =>
    cache.get(String(Math.floor(ctx.clock.now().getTime() / 1000)), () => readCampus(ctx.db)),
  );
}
