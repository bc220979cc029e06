import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refusals } from '../../shared/error-contract';
import { API_MESSAGES as M } from '../../shared/api-messages';
import { loginRequest, refreshRequest } from '../../shared/auth';
import { signupResponse, tokenPair } from '../../shared/auth-contract';
import type { Ctx } from '../context';
import { users } from '../db/schema/users';
import { detail } from '../http/errors';
import { readMultipart } from '../http/multipart';
import { clientAddress, limiter } from '../http/rate-limit';
import { loginThrottle } from './login-throttle';
import { dummyHash, verifyPassword } from './passwords';
import { endSession, rotateRefreshToken, startSession } from './refresh-tokens';
import { signup } from './signup';
import { STUDENT_LOGIN_SCOPE } from './account-lockout';

const LOGIN_PATH = '/api/signup/auth/login/';

export async function accountRoutes(parent: FastifyInstance, ctx: Ctx) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const throttle = loginThrottle(app, ctx, { scope: STUDENT_LOGIN_SCOPE, path: LOGIN_PATH });

  app.post(LOGIN_PATH, { onRequest: throttle.perAddress, schema: { summary: 'Log in with username and password: an access and a refresh token', body: loginRequest, response: { 200: tokenPair, ...refusals(400, 429) } } }, async (req, reply) => {
    const { body } = req;
    const user = await throttle.check(req, reply, async () => {
      const [found] = await ctx.db
        .select({ id: users.id, passwordHash: users.passwordHash, tokenVersion: users.tokenVersion })
        .from(users)
        .where(and(eq(users.username, body.username.toLowerCase()), isNull(users.deletedAt)));
      const ok = await verifyPassword(found?.passwordHash ?? (await dummyHash()), body.password);
      return found && ok ? found : null;
    });
    if (!user) throw detail(400, M.loginFailed);
    return startSession(ctx, user.id, user.tokenVersion);
  });

  app.post('/api/signup/auth/refresh/', { schema: { summary: 'Trade a refresh token for a new pair (each refresh token works once)', body: refreshRequest, response: { 200: tokenPair, ...refusals(401) } } }, async (req) => {
    const result = await rotateRefreshToken(ctx.db, ctx.clock, req.body.refresh);
    if (!result.ok) {
      // A stolen refresh token caught: the sign-in's access tokens stop now too, here and on every instance.
      if (result.ended) await ctx.hub.endSession(result.ended.userId, result.ended.familyId);
      throw detail(401, M.refreshInvalid);
    }
    return { access: await ctx.tokens.sign(result.userId, result.version, result.family), refresh: result.refresh };
  });

  // The refresh token is the credential: it names the sign-in to end even when the access token has expired. Every
  // answer is 204, for a token already revoked, expired, unknown or never issued too: the student is logged out
  // either way, and the answer says nothing about which tokens exist.
  const logoutSchema = { summary: 'Log out: end this sign-in (its refresh token and its access tokens) on every instance', body: refreshRequest, response: { 204: z.null() } };
  app.post('/api/signup/auth/logout/', { schema: logoutSchema }, async (req, reply) => {
    const ended = await endSession(ctx.db, ctx.clock, req.body.refresh);
    // Told to every instance (the access check forgets the student, the session's open sockets close), as a
    // password change is; sent again on a repeated logout, which costs nothing and covers a message lost before.
    if (ended) await ctx.hub.endSession(ended.userId, ended.familyId);
    return reply.status(204).send(null);
  });

  const signupLimit = limiter(app, {
    max: ctx.limits.signupPerIpPerHour,
    windowMs: 3_600_000,
    key: (req) => `signup-ip:${clientAddress(req)}`,
  });
  // Multipart: the fields and the photo are read and checked by signup() itself, so no body schema.
  app.post('/api/signup/auth/signup/', { onRequest: signupLimit, schema: { summary: 'Sign up with the student card photo (multipart); the card waits for an operator', response: { 201: signupResponse, ...refusals(400, 409, 429) } } }, async (req, reply) => {
    const created = await signup(ctx, await readMultipart(req, ['student_card_image']));
    return reply.status(201).send(created);
  });
}
