import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../context';
import { opsAuditRoutes } from './audit-routes';
import { opsCommunityRoutes } from './community-routes';
import { opsDemoRoutes } from './demo-routes';
import { opsAuthRoutes } from './operator-auth-routes';
import { opsOperatorRoutes } from './operator-routes';
import { opsPartyRoutes } from './party-routes';
import { opsStatusRoutes } from './status-routes';

/**
 * The operator API under /api/ops/ (X-Ops-Token or a console session, ops/guard.ts): console sign-in, operator
 * accounts, status, places and parties, reports and points, the demo, the audit log.
 */
export async function opsRoutes(app: FastifyInstance, ctx: Ctx) {
  app.decorateRequest('opsActor', null);
  app.decorateRequest('opsSession', null);
  await opsAuthRoutes(app, ctx);
  await opsOperatorRoutes(app, ctx);
  await opsStatusRoutes(app, ctx);
  await opsPartyRoutes(app, ctx);
  await opsDemoRoutes(app, ctx);
  await opsCommunityRoutes(app, ctx);
  await opsAuditRoutes(app, ctx);
}
