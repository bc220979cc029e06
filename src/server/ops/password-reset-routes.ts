import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refusals } from '../../shared/error-contract';
import { idParam } from '../../shared/id-schema';
import { PASSWORD_RESET_MESSAGES as RM } from '../../shared/password-reset-messages';
import { PASSWORD_RESET_PATH } from '../../shared/password-reset-paths';
import { passwordResetLink } from '../../shared/password-reset-contract';
import { issueResetLink, resetUrl } from '../auth/password-reset';
import type { Ctx } from '../context';
import { users } from '../db/schema/users';
import { detail } from '../http/errors';
import { publicOrigin } from '../http/public-origin';
import { opsActorOf, recordAudit } from './audit';
import { requireOps } from './guard';
import { OPS_MESSAGES as OM } from './messages';

/**
 * An operator issues a one-time password-reset link for a student who lost the password (and has no email to
 * receive one): shown once in the answer, valid 30 minutes, the student's older links dead. The audit row records
 * who issued it and until when, never the link.
 */
export async function opsPasswordResetRoutes(parent: FastifyInstance, ctx: Ctx) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const schema = {
    summary: "Issue a one-time link that sets a student's password (shown once; older links stop working)",
    params: z.object({ id: idParam(OM.userNotFound) }),
    response: { 201: passwordResetLink, ...refusals(404, 409) },
  };
  app.post('/api/ops/users/:id/password-reset/', { preValidation: requireOps(ctx), schema }, async (req, reply) => {
    const { id } = req.params;
    const actor = opsActorOf(req);
    const [student] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, id));
    if (!student) throw detail(404, OM.userNotFound);
    const link = await ctx.db.transaction(async (tx) => {
      const issued = await issueResetLink(tx, ctx.clock, id, { issuedBy: 'operator', operatorId: actor.operatorId });
      // Closed between the read above and the lock: nothing to reset.
      if (!issued) throw detail(409, RM.withdrawn);
      await recordAudit(tx, actor, { action: 'password_reset.issue', targetType: 'user', targetId: id, after: { expires_at: issued.expiresAt.toISOString() }, at: ctx.clock.now() });
      return issued;
    });
    // Without PUBLIC_URL and a usable Host, the path alone: the console makes it absolute on its own origin.
    const origin = publicOrigin(req, ctx.config);
    const url = origin ? resetUrl(origin, link.token) : `${PASSWORD_RESET_PATH}?token=${link.token}`;
    return reply.status(201).send({ url, expires_at: link.expiresAt.toISOString() });
  });
}
