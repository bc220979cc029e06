import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { API_MESSAGES as M } from '../../shared/api-messages';
import type { Ctx } from '../context';
import { type RouteSecurity, SECURITY_TAG } from '../http/api-docs';
import { detail } from '../http/errors';
import { TOKEN_ACTOR } from './audit';

const OPS_HEADER = 'x-ops-token';

/** preValidation hook for /api/ops/ (before the body is validated): the operator token in X-Ops-Token, compared in constant time. */
export function requireOps(ctx: Ctx) {
  const expected = Buffer.from(ctx.secrets.opsToken);
  const hook = async (req: FastifyRequest) => {
    const given = req.headers[OPS_HEADER];
    const got = Buffer.from(typeof given === 'string' ? given : '');
    if (got.length !== expected.length || !timingSafeEqual(got, expected)) throw detail(401, M.opsTokenInvalid);
    req.opsActor = TOKEN_ACTOR;
  };
  return Object.assign(hook, { [SECURITY_TAG]: 'operator' as RouteSecurity });
}
