import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { API_MESSAGES as M } from '../../shared/api-messages';
import type { Ctx } from '../context';
import { type RouteSecurity, SECURITY_TAG } from '../http/api-docs';
import { bearerToken } from '../http/auth-guard';
import { detail } from '../http/errors';
import { TOKEN_ACTOR } from './audit';
import { OPS_SESSION_PREFIX, type OperatorSession, readOperatorSession } from './operator-sessions';

const OPS_HEADER = 'x-ops-token';

declare module 'fastify' {
  interface FastifyRequest {
    /** The console session that passed requireOps; null for the X-Ops-Token and outside the operator API. */
    opsSession: OperatorSession | null;
  }
}

/**
 * Which credentials a route takes: either (the default), the shared token or an admin operator's session (managing
 * operators), or only a console session.
 */
type OpsCredential = 'either' | 'admin' | 'session';
const SECURITY: Record<OpsCredential, RouteSecurity> = { either: 'operator', admin: 'operator', session: 'operatorSession' };

/**
 * preValidation hook for /api/ops/ (before the body is validated). Two ways in:
 * - `X-Ops-Token`, the shared secret of the CLI and automation (compared in constant time); when the header is
 *   sent it alone decides, so a wrong token is refused even beside a valid session. A header only, never the query
 *   string: a URL lands in proxies' logs, browser histories and Referers (ours redacts it: http/log-redaction.ts);
 * - `Authorization: Bearer ops_…`, an operator's console session (operator-sessions.ts).
 * Anything else, a student's access token included, is 401. `only` narrows a route to one of them (403 for the
 * other): managing operator accounts needs the server's token or an admin's session (read on every request, so a
 * demotion counts at once), "who am I" and logout need a session.
 */
export function requireOps(ctx: Ctx, only: OpsCredential = 'either') {
  const expected = Buffer.from(ctx.secrets.opsToken);
  const hook = async (req: FastifyRequest) => {
    const given = req.headers[OPS_HEADER];
    if (given !== undefined) {
      const got = Buffer.from(typeof given === 'string' ? given : '');
      if (got.length !== expected.length || !timingSafeEqual(got, expected)) throw detail(401, M.opsTokenInvalid);
      if (only === 'session') throw detail(403, M.opsSessionOnly);
      req.opsActor = TOKEN_ACTOR;
      return;
    }
    const token = bearerToken(req.headers.authorization);
    if (token?.startsWith(OPS_SESSION_PREFIX)) {
      const session = await readOperatorSession(ctx.db, ctx.clock, token);
      if (!session) throw detail(401, M.opsSessionInvalid);
      if (only === 'admin' && !session.isAdmin) throw detail(403, M.opsAdminOnly);
      req.opsActor = { operatorId: session.operatorId, name: session.username };
      req.opsSession = session;
      return;
    }
    throw detail(401, M.opsTokenInvalid);
  };
  return Object.assign(hook, { [SECURITY_TAG]: SECURITY[only] });
}
