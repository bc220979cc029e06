import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../context';
import { partyDetailRoutes } from './detail-routes';
import { partyListRoutes } from './list-routes';

/** The public party lists (home, map) and a party's page. */
export async function partyRoutes(app: FastifyInstance, ctx: Ctx) {
  await partyListRoutes(app, ctx);
  await partyDetailRoutes(app, ctx);
}
