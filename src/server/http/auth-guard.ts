import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_MESSAGES as M } from '../../shared/api-messages';
import type { Ctx } from '../context';
import { users } from '../db/schema/users';
import { detail } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set from a valid Bearer token; null for guests and for bad tokens. */
    userId: number | null;
  }
}

export function bearerToken(header: string | undefined): string | null {
  const m = header?.match(/^Bearer\s+(\S+)$/i);
  return m ? m[1] : null;
}

export function installAuth(app: FastifyInstance, ctx: Ctx) {
  app.decorateRequest('userId', null);
  app.addHook('onRequest', async (req) => {
    const token = bearerToken(req.headers.authorization);
    req.userId = token ? await ctx.tokens.verify(token) : null;
  });
}

/**
 * preHandler for routes that need a logged-in student: 401 (the client then refreshes once) for a missing, bad or
 * expired token, and for an account closed since the token was issued.
 */
export function requireUser(ctx: Ctx) {
  return async (req: FastifyRequest) => {
    if (req.userId === null) {
      throw detail(401, req.headers.authorization ? M.tokenInvalid : M.loginRequired);
    }
    const [user] = await ctx.db.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, req.userId));
    if (!user || user.deletedAt) throw detail(401, M.tokenInvalid);
  };
}

/** The caller's id inside a route guarded by requireUser. */
export function userIdOf(req: FastifyRequest): number {
  if (req.userId === null) throw detail(401, M.loginRequired);
  return req.userId;
}
