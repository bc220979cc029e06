import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { API_MESSAGES as M } from '../../shared/api-messages';
import { loginRequest, refreshRequest } from '../../shared/auth';
import type { Ctx } from '../context';
import { users } from '../db/schema/users';
import { detail } from '../http/errors';
import { readMultipart } from '../http/multipart';
import { clientAddress, limiter } from '../http/rate-limit';
import { dummyHash, verifyPassword } from './passwords';
import { issueRefreshToken, rotateRefreshToken } from './refresh-tokens';
import { signup } from './signup';

export async function authRoutes(app: FastifyInstance, ctx: Ctx) {
  const perIp = limiter(app, {
    max: ctx.limits.loginPerIpPerMinute,
    windowMs: 60_000,
    key: (req) => `login-ip:${clientAddress(req)}`,
  });
  // Runs after the body is parsed so the key can be the username: guessing one account's password from many
  // addresses is slowed down as well.
  const perUsername = limiter(app, {
    max: ctx.limits.loginPerUsernamePerMinute,
    windowMs: 60_000,
    key: (req) => {
      const name = (req.body as { username?: unknown } | undefined)?.username;
      return `login-user:${typeof name === 'string' ? name.trim().toLowerCase() : clientAddress(req)}`;
    },
  });

  app.post('/api/signup/auth/login/', { onRequest: perIp, preHandler: perUsername }, async (req) => {
    const body = loginRequest.parse(req.body ?? {});
    const [user] = await ctx.db
      .select({ id: users.id, passwordHash: users.passwordHash })
      .from(users)
      .where(and(eq(users.username, body.username.toLowerCase()), isNull(users.deletedAt)));
    const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash()), body.password);
    if (!user || !ok) throw detail(400, M.loginFailed);
    return {
      access: await ctx.tokens.sign(user.id),
      refresh: await issueRefreshToken(ctx.db, ctx.clock, user.id),
    };
  });

  app.post('/api/signup/auth/refresh/', async (req) => {
    const body = refreshRequest.parse(req.body ?? {});
    const result = await rotateRefreshToken(ctx.db, ctx.clock, body.refresh);
    if (!result.ok) throw detail(401, M.refreshInvalid);
    return { access: await ctx.tokens.sign(result.userId), refresh: result.refresh };
  });

  const signupLimit = limiter(app, {
    max: ctx.limits.signupPerIpPerHour,
    windowMs: 3_600_000,
    key: (req) => `signup-ip:${clientAddress(req)}`,
  });
  app.post('/api/signup/auth/signup/', { onRequest: signupLimit }, async (req, reply) => {
    const created = await signup(ctx, await readMultipart(req, ['student_card_image']));
    return reply.status(201).send(created);
  });
}
