import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_MESSAGES as M } from '../../shared/api-messages';
import type { AccessClaims } from '../auth/access-token';
import type { Ctx } from '../context';
import { type RouteSecurity, SECURITY_TAG } from './api-docs';
import { detail } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set from a valid Bearer token; null for guests and for bad tokens. */
    userId: number | null;
    /** What the Bearer token says (its token version and sign-in, access-token.ts); null without a valid token. */
    accessClaims: AccessClaims | null;
  }
}

/** The token of an `Authorization: Bearer …` header (a student's JWT, or an operator's console session). */
export function bearerToken(header: string | undefined): string | null {
  const m = header?.match(/^Bearer\s+(\S+)$/i);
  return m ? m[1] : null;
}

export function installAuth(app: FastifyInstance, ctx: Ctx) {
  app.decorateRequest('userId', null);
  app.decorateRequest('accessClaims', null);
  app.addHook('onRequest', async (req) => {
    const token = bearerToken(req.headers.authorization);
    const claims = token ? await ctx.tokens.read(token) : null;
    req.userId = claims?.userId ?? null;
    req.accessClaims = claims;
  });
}

/**
 * preValidation hook for routes that need a logged-in student (before the body is validated, so a guest hears 401,
 * not what is wrong with the body): 401 (the client then refreshes once) for a missing, bad or
 * expired token, for an account closed since the token was issued, for a token issued before the password
 * was last changed (another device's session ends at once, not when its token expires), and for a token of a
 * sign-in that was logged out.
 */
export function requireUser(ctx: Ctx) {
  const hook = async (req: FastifyRequest) => {
    if (req.accessClaims === null) {
      throw detail(401, req.headers.authorization ? M.tokenInvalid : M.loginRequired);
    }
    if (!(await ctx.access.stillValid(req.accessClaims))) throw detail(401, M.tokenInvalid);
  };
  return Object.assign(hook, { [SECURITY_TAG]: 'student' as RouteSecurity });
}

/** The caller's id inside a route guarded by requireUser. */
export function userIdOf(req: FastifyRequest): number {
  if (req.userId === null) throw detail(401, M.loginRequired);
  return req.userId;
}
