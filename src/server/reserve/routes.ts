import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../shared/id-schema';
import { payRequest } from '../../shared/parties';
import { joinResponse, leaveResponse, myWaitlistEntry, participationDetail as participationDetailSchema, payResponse, waitlistPosition } from '../../shared/parties-contract';
import type { Ctx } from '../context';
import { requireUser, userIdOf } from '../http/auth-guard';
import { PARTY_MESSAGES as PM } from '../parties/messages';
import { joinParty } from './join';
import { leaveParty } from './leave';
import { participationDetail } from './participation-detail';
import { payParticipation } from './pay';
import { joinWaitlist, leaveWaitlist, myWaitlist, myWaitlistPosition } from './waitlist';
import { offerAfterRelease } from './waitlist-offer';

export async function reserveRoutes(parent: FastifyInstance, ctx: Ctx) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const auth = { preValidation: requireUser(ctx) };
  const partyPath = z.object({ partyId: idParam(PM.notFound) });
  const participationPath = z.object({ id: idParam(PM.participationNotFound) });

  app.post('/api/reserve/join/:partyId/', { ...auth, schema: { params: partyPath, response: { 201: joinResponse } } }, async (req, reply) => {
    const joined = await joinParty(ctx, userIdOf(req), req.params.partyId);
    return reply.status(201).send(joined);
  });

  app.get('/api/reserve/participation/:id/', { ...auth, schema: { params: participationPath, response: { 200: participationDetailSchema } } }, async (req) =>
    participationDetail(ctx, userIdOf(req), req.params.id),
  );

  app.post('/api/reserve/pay/:id/', { ...auth, schema: { params: participationPath, body: payRequest, response: { 200: payResponse } } }, async (req) =>
    payParticipation(ctx, userIdOf(req), req.params.id),
  );

  // A freed seat goes to the first in line once the leave has committed (reserve/waitlist-offer.ts).
  app.post('/api/detailview/parties/:partyId/leave/', { ...auth, schema: { params: partyPath, response: { 200: leaveResponse } } }, async (req) => {
    const left = await leaveParty(ctx, userIdOf(req), req.params.partyId);
    await offerAfterRelease(ctx, req.params.partyId, req.log);
    return left;
  });

  // The line of a full party (issue 18): get in, leave, my position; and every party I wait for (the assistant).
  const waitlistPath = '/api/reserve/waitlist/:partyId/';
  app.post(waitlistPath, { ...auth, schema: { params: partyPath, response: { 201: waitlistPosition } } }, async (req, reply) =>
    reply.status(201).send(await joinWaitlist(ctx, userIdOf(req), req.params.partyId)),
  );
  app.delete(waitlistPath, { ...auth, schema: { params: partyPath, response: { 204: z.null() } } }, async (req, reply) => {
    await leaveWaitlist(ctx, userIdOf(req), req.params.partyId);
    return reply.status(204).send(null);
  });
  app.get(waitlistPath, { ...auth, schema: { params: partyPath, response: { 200: waitlistPosition } } }, async (req) =>
    myWaitlistPosition(ctx, userIdOf(req), req.params.partyId),
  );
  app.get('/api/reserve/waitlist/', { ...auth, schema: { response: { 200: z.array(myWaitlistEntry) } } }, async (req) => myWaitlist(ctx, userIdOf(req)));
}
