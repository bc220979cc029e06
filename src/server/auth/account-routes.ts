import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_MESSAGES as M } from '../../shared/api-messages';
import { loginRequest, refreshRequest } from '../../shared/auth';
import { signupResponse, tokenPair } from '../../shared/auth-contract';
import type { Ctx } from '../context';
import { users } from '../db/schema/users';
import { detail } from '../http/errors';
import { readMultipart } from '../http/multipart';
import { clientAddress, limiter, tooMany, windowCounter } from '../http/rate-limit';
import { dummyHash, verifyPassword } from './passwords';
import { issueRefreshToken, rotateRefreshToken } from './refresh-tokens';
import { signup } from './signup';

/** The username as login looks it up (trimmed, lower-case); the failure counters are keyed by it. */
const loginName = (req: FastifyRequest) => {
  const raw = (req.body as { username?: unknown } | undefined)?.username;
  // Usernames are at most 20 characters; a longer one never exists, and the key must stay small.
  return typeof raw === 'string' ? raw.trim().toLowerCase().slice(0, 64) : '';
};

export async function accountRoutes(parent: FastifyInstance, ctx: Ctx) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const perIp = limiter(app, {
    max: ctx.limits.loginPerIpPerMinute,
    windowMs: 60_000,
    key: (req) => `login-ip:${clientAddress(req)}`,
  });
  // Failed logins, per username from this address (tight) and per username from anywhere (slow). Successful logins
  // never count, and a stranger's failures never refuse the owner at an address that has not failed: see
  // Limits.loginFailuresPerUsernamePerHour.
  const failuresHere = windowCounter(app, { windowMs: 60_000, key: (req) => `login-fail-here:${clientAddress(req)}:${loginName(req)}` });
  const failuresAnywhere = windowCounter(app, { windowMs: 3_600_000, key: (req) => `login-fail-any:${loginName(req)}` });

  app.post('/api/signup/auth/login/', { onRequest: perIp, schema: { body: loginRequest, response: { 200: tokenPair } } }, async (req, reply) => {
    const { body } = req;
    const [here, anywhere] = await Promise.all([failuresHere.read(req), failuresAnywhere.read(req)]);
    if (here.count >= ctx.limits.loginPerUsernamePerMinute) throw tooMany(reply, here.retryAfterS);
    if (here.count > 0 && anywhere.count >= ctx.limits.loginFailuresPerUsernamePerHour) throw tooMany(reply, anywhere.retryAfterS);

    const [user] = await ctx.db
      .select({ id: users.id, passwordHash: users.passwordHash, tokenVersion: users.tokenVersion })
      .from(users)
      .where(and(eq(users.username, body.username.toLowerCase()), isNull(users.deletedAt)));
    const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash()), body.password);
    if (!user || !ok) {
      await Promise.all([failuresHere.hit(req), failuresAnywhere.hit(req)]);
      throw detail(400, M.loginFailed);
    }
    return {
      access: await ctx.tokens.sign(user.id, user.tokenVersion),
      refresh: await issueRefreshToken(ctx.db, ctx.clock, user.id),
    };
  });

  app.post('/api/signup/auth/refresh/', { schema: { body: refreshRequest, response: { 200: tokenPair } } }, async (req) => {
    const result = await rotateRefreshToken(ctx.db, ctx.clock, req.body.refresh);
    if (!result.ok) throw detail(401, M.refreshInvalid);
    return { access: await ctx.tokens.sign(result.userId, result.version), refresh: result.refresh };
  });

  const signupLimit = limiter(app, {
    max: ctx.limits.signupPerIpPerHour,
    windowMs: 3_600_000,
    key: (req) => `signup-ip:${clientAddress(req)}`,
  });
  // Multipart: the fields and the photo are read and checked by signup() itself, so no body schema.
  app.post('/api/signup/auth/signup/', { onRequest: signupLimit, schema: { response: { 201: signupResponse } } }, async (req, reply) => {
    const created = await signup(ctx, await readMultipart(req, ['student_card_image']));
    return reply.status(201).send(created);
  });
}
