import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { refusals } from '../../shared/error-contract';
import { passwordResetEmailRequest, passwordResetRequest } from '../../shared/password-reset';
import { PASSWORD_RESET_MESSAGES as RM } from '../../shared/password-reset-messages';
import { passwordResetDone, passwordResetOptions } from '../../shared/password-reset-contract';
import type { Ctx } from '../context';
import { users } from '../db/schema/users';
import { detail } from '../http/errors';
import { publicOrigin } from '../http/public-origin';
import { clientAddress, limiter, tooMany, windowCounter } from '../http/rate-limit';
import { resetEmail } from '../mail/reset-email';
import { issueResetLink, resetUrl, useResetLink } from './password-reset';

/** Password recovery, the student's side: whether email works here, asking for a link by email, and using a link. */
export async function passwordResetRoutes(parent: FastifyInstance, ctx: Ctx) {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get('/api/signup/auth/password-reset/options/', { schema: { summary: 'Whether 비밀번호 찾기 can email a reset link here (SMTP configured)', response: { 200: passwordResetOptions } } }, async () => ({
    by_email: ctx.mailer.enabled,
  }));

  const perAddress = limiter(app, { max: ctx.limits.passwordResetPerIpPerHour, windowMs: 3_600_000, key: (req) => `reset-ip:${clientAddress(req)}` });
  // Keyed by the address typed, whether or not an account has it: the count tells nobody who signed up.
  const perEmail = windowCounter(app, {
    windowMs: 3_600_000,
    key: (req) => `reset-email:${String((req.body as { email?: unknown }).email).trim().toLowerCase().slice(0, 254)}`,
  });
  const requestSchema = {
    summary: 'Email a one-time reset link to the signup email; the same answer whether or not an account has it',
    body: passwordResetEmailRequest,
    response: { 202: passwordResetDone, ...refusals(404, 429) },
  };
  app.post('/api/signup/auth/password-reset/request/', { onRequest: perAddress, schema: requestSchema }, async (req, reply) => {
    if (!ctx.mailer.enabled) throw detail(404, RM.noEmail);
    const { count, retryAfterS } = await perEmail.hit(req);
    if (count > ctx.limits.passwordResetPerEmailPerHour) throw tooMany(reply, retryAfterS);
    const { email } = req.body;
    const origin = publicOrigin(req, ctx.config);
    // Looked up, issued and sent after the answer has gone: an address with an account and one without answer alike
    // and in the same time, and a slow SMTP server never holds the request.
    ctx.mailer.later(async () => {
      const [student] = await ctx.db
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(and(eq(users.email, email), isNull(users.deletedAt)));
      if (!student) return;
      if (!origin) throw new Error('no public origin for a password-reset link: set PUBLIC_URL');
      const link = await ctx.db.transaction((tx) => issueResetLink(tx, ctx.clock, student.id, { issuedBy: 'email' }));
      if (link) await ctx.mailer.send(resetEmail(email, student.name, resetUrl(origin, link.token)));
    });
    return reply.status(202).send({ detail: RM.sent });
  });

  const useSchema = {
    summary: 'Set a new password with a one-time reset link: ends every session of the account',
    body: passwordResetRequest,
    response: { 200: passwordResetDone, ...refusals(400) },
  };
  app.post('/api/signup/auth/password-reset/', { schema: useSchema }, async (req) => {
    const { userId, version } = await useResetLink(ctx, req.body.token, req.body.new_password);
    // Open sockets of every old session close now, here and on every instance, as after a password change.
    await ctx.hub.endSessions(userId, version);
    return { detail: RM.changed };
  });
}
