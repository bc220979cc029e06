import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refusals } from '../../shared/error-contract';
import { API_MESSAGES as M } from '../../shared/api-messages';
import { loginRequest } from '../../shared/auth';
import { opsMe, opsSignedIn } from '../../shared/ops-contract';
import { loginThrottle } from '../auth/login-throttle';
import { dummyHash, verifyPassword } from '../auth/passwords';
import type { Ctx } from '../context';
import { operators } from '../db/schema/operators';
import { detail } from '../http/errors';
import { requireOps } from './guard';
import { openOperatorSession, type OperatorSession, revokeOperatorSession } from './operator-sessions';
import { OPERATOR_LOGIN_SCOPE } from '../auth/account-lockout';

const sessionOf = (req: FastifyRequest): OperatorSession => {
  if (!req.opsSession) throw detail(401, M.opsSessionInvalid);
  return req.opsSession;
};

const LOGIN_PATH = '/api/ops/auth/login/';

/** The console's sign-in: POST login/, POST logout/, GET me/ under /api/ops/auth/. */
export async function opsAuthRoutes(parent: FastifyInstance, ctx: Ctx) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const throttle = loginThrottle(app, ctx, { scope: OPERATOR_LOGIN_SCOPE, path: LOGIN_PATH });

  // As the students' login: the same limits (own counters), the same message for an unknown name and a wrong
  // password, and a password check either way so the time does not tell them apart. A disabled operator is one
  // more "no" in the same words: the answer never says which accounts exist or were disabled.
  const loginSchema = { summary: 'Log an operator in to the console: a session token', body: loginRequest, response: { 200: opsSignedIn, ...refusals(400, 429) } };
  app.post(LOGIN_PATH, { onRequest: throttle.perAddress, schema: loginSchema }, async (req, reply) => {
    const { body } = req;
    const operator = await throttle.check(req, reply, async () => {
      const [found] = await ctx.db
        .select({ id: operators.id, username: operators.username, passwordHash: operators.passwordHash, disabledAt: operators.disabledAt })
        .from(operators)
        .where(eq(operators.username, body.username.toLowerCase()));
      const ok = await verifyPassword(found?.passwordHash ?? (await dummyHash()), body.password);
      return found && ok && !found.disabledAt ? found : null;
    });
    if (!operator) throw detail(400, M.loginFailed);
    const { token, expiresAt } = await openOperatorSession(ctx.db, ctx.clock, operator.id);
    return { token, expires_at: expiresAt.toISOString(), operator: { id: operator.id, username: operator.username } };
  });

  const session = { preValidation: requireOps(ctx, 'session') };
  app.post('/api/ops/auth/logout/', { ...session, schema: { summary: "End this console session", response: { 204: z.null() } } }, async (req, reply) => {
    await revokeOperatorSession(ctx.db, ctx.clock, sessionOf(req).sessionId);
    return reply.status(204).send(null);
  });

  app.get('/api/ops/auth/me/', { ...session, schema: { summary: 'The operator this console session belongs to', response: { 200: opsMe } } }, async (req) => {
    const s = sessionOf(req);
    return { operator: { id: s.operatorId, username: s.username }, is_admin: s.isAdmin, expires_at: s.expiresAt.toISOString() };
  });
}
