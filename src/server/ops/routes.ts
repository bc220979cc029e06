import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../context';
import { opsAttendeeRoutes } from './attendee-routes';
import { opsAuditRoutes } from './audit-routes';
import { opsCampusRoutes } from './campus-routes';
import { opsCommunityRoutes } from './community-routes';
import { opsDashboardRoutes } from './dashboard-routes';
import { opsDemoRoutes } from './demo-routes';
import { opsLedgerRoutes } from './ledger-routes';
import { opsAuthRoutes } from './operator-auth-routes';
import { opsOperatorRoutes } from './operator-routes';
import { opsPartyEditRoutes } from './party-edit-routes';
import { opsPartyListRoutes } from './party-list-routes';
import { opsPartyRoutes } from './party-routes';
import { opsPasswordResetRoutes } from './password-reset-routes';
import { opsPlaceEditRoutes } from './place-edit-routes';
import { opsPrivacyRoutes } from './privacy-routes';
import { opsStatusRoutes } from './status-routes';
import { opsSuspensionRoutes } from './suspension-routes';
import { opsVerificationRoutes } from './verification-routes';

/**
 * The operator API under /api/ops/ (X-Ops-Token or a console session, ops/guard.ts): console sign-in, operator
 * accounts, status, places and parties, reports, points and suspensions, the demo, the audit log, student verification, and the
 * console's own reads and edits.
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
  // The console's own (issue 16 §3): dashboard, party list / detail / edit, manual check-in, places, ledger.
  await opsDashboardRoutes(app, ctx);
  await opsPartyListRoutes(app, ctx);
  await opsPartyEditRoutes(app, ctx);
  await opsAttendeeRoutes(app, ctx);
  await opsPlaceEditRoutes(app, ctx);
  await opsLedgerRoutes(app, ctx);
  await opsPasswordResetRoutes(app, ctx);
  await opsVerificationRoutes(app, ctx);
  await opsCampusRoutes(app, ctx);
  await opsPrivacyRoutes(app, ctx);
  await opsSuspensionRoutes(app, ctx);
}
