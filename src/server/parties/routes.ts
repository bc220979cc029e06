import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../context';
import { partyCalendarRoutes } from './calendar-routes';
import { partyDetailRoutes } from './detail-routes';
import { partyListRoutes } from './list-routes';

/** The public party lists (home, map), a party's page and its calendar file. */
export async function partyRoutes(app: FastifyInstance, ctx: Ctx) {
  await partyListRoutes(app, ctx);
  await partyDetailRoutes(app, ctx);
  await partyCalendarRoutes(app, ctx);
}
