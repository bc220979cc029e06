import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refusals } from '../../shared/error-contract';
import { idParam } from '../../shared/id-schema';
import { opsSuspend } from '../../shared/ops';
import { opsSuspended } from '../../shared/ops-contract';
import type { Ctx } from '../context';
import { suspensions } from '../db/schema/suspensions';
import { HttpError } from '../http/errors';
import { liftSuspension, suspendStudent } from '../suspension/suspend-student';
import { suspensionView } from '../suspension/user-standing';
import { announceSeatsGivenBack } from '../partyassist/lobby-announce';
import { offerAfterRelease } from '../reserve/waitlist-offer';
import { opsActorOf } from './audit';
import { requireOps } from './guard';
import { OPS_MESSAGES as OM } from './messages';

/**
 * Suspending a student and lifting it (issue 29), each audited in its own transaction (suspension/suspend-student.ts).
 * What must reach other instances goes after the commit: the student's open sockets close on every instance
 * (hub.endSessions, below the new token version, so a sign-in made after the suspension keeps its lobby of a party
 * already under way). The freed seats were offered to the lines in the suspension's own transaction; one whose
 * first in line was busy at that instant is offered now.
 */
export async function opsSuspensionRoutes(parent: FastifyInstance, ctx: Ctx) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const ops = { preValidation: requireOps(ctx) };
  const params = z.object({ id: idParam(OM.userNotFound) });
  const path = '/api/ops/users/:id/suspension/';

  const suspendSchema = {
    summary: "Suspend a student: sessions end, upcoming seats are released and refunded, joining is refused until it ends",
    params,
    body: opsSuspend,
    response: { 201: opsSuspended, ...refusals(400, 404, 409) },
  };
  app.post(path, { ...ops, schema: suspendSchema }, async (req, reply) => {
    const userId = req.params.id;
    const { reason, ends_at: endsAtText, refund_in_full: refundInFull } = req.body;
    const endsAt = endsAtText === null ? null : new Date(endsAtText);
    if (endsAt && endsAt <= ctx.clock.now()) throw new HttpError(400, { ends_at: [OM.suspendEndInPast] });
    const done = await suspendStudent(ctx, opsActorOf(req), userId, { reason, endsAt, refundInFull });
    await ctx.hub.endSessions(userId, done.version);
    await offerAfterRelease(ctx, done.offerLater, req.log);
    await announceSeatsGivenBack(ctx, done.lobbies, done.at, req.log);
    const [row] = await ctx.db.select().from(suspensions).where(eq(suspensions.id, done.suspensionId));
    return reply.status(201).send({ suspension: suspensionView(row), released: done.released, waitlist_left: done.waitlistLeft });
  });

  const liftSchema = { summary: "Lift a student's suspension in force", params, response: { 204: z.null(), ...refusals(404, 409) } };
  app.delete(path, { ...ops, schema: liftSchema }, async (req, reply) => {
    await liftSuspension(ctx, opsActorOf(req), req.params.id);
    return reply.status(204).send(null);
  });
}
