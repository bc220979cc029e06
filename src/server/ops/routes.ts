import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../context';
import { opsCommunityRoutes } from './community-routes';
import { opsDemoRoutes } from './demo-routes';
import { opsPartyRoutes } from './party-routes';
import { opsStatusRoutes } from './status-routes';
import { opsVerificationRoutes } from './verification-routes';

/** The operator API under /api/ops/ (X-Ops-Token): status, places and parties, reports and points, the demo, student verification. */
export async function opsRoutes(app: FastifyInstance, ctx: Ctx) {
  app.decorateRequest('opsActor', null);
  await opsStatusRoutes(app, ctx);
  await opsPartyRoutes(app, ctx);
  await opsDemoRoutes(app, ctx);
  await opsCommunityRoutes(app, ctx);
  await opsVerificationRoutes(app, ctx);
}
