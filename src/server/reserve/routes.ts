import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refusals } from '../../shared/error-contract';
import { idParam } from '../../shared/id-schema';
import { idempotencyHeaders as headers } from '../../shared/idempotency-contract';
import { payRequest } from '../../shared/parties';
import { joinResponse, leaveQuote, leaveResponse, myWaitlistEntry, participationDetail as participationDetailSchema, payResponse, waitlistPosition } from '../../shared/parties-contract';
import type { Ctx } from '../context';
import { requireUser, userIdOf } from '../http/auth-guard';
import { idempotent } from '../http/idempotency/route-hooks';
import { PARTY_MESSAGES as PM } from '../parties/messages';
import { joinParty } from './join';
import { leaveParty } from './leave';
import { leaveQuote as quoteLeave } from './leave-terms';
import { participationDetail } from './participation-detail';
import { payParticipation } from './pay';
import { joinWaitlist, leaveWaitlist, myWaitlist, myWaitlistPosition } from './waitlist';

export async function reserveRoutes(parent: FastifyInstance, ctx: Ctx) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const auth = { preValidation: requireUser(ctx) };
  const partyPath = z.object({ partyId: idParam(PM.notFound) });
  const participationPath = z.object({ id: idParam(PM.participationNotFound) });

  app.post('/api/reserve/join/:partyId/', { ...auth, ...idempotent(ctx, 201), schema: { summary: 'Join a party: hold a seat for 15 minutes until paid', params: partyPath, headers, response: { 201: joinResponse, ...refusals(400, 403, 404, 409, 422) } } }, async (req, reply) => {
    const joined = await joinParty(ctx, userIdOf(req), req.params.partyId);
    return reply.status(201).send(joined);
  });

  app.get('/api/reserve/participation/:id/', { ...auth, schema: { summary: 'My participation, with my points and the deposit (the payment screen)', params: participationPath, response: { 200: participationDetailSchema, ...refusals(404) } } }, async (req) =>
    participationDetail(ctx, userIdOf(req), req.params.id),
  );

  app.post('/api/reserve/pay/:id/', { ...auth, ...idempotent(ctx, 200), schema: { summary: 'Pay the deposit with points, confirming the seat', params: participationPath, headers, body: payRequest, response: { 200: payResponse, ...refusals(400, 403, 404, 409, 422) } } }, async (req) =>
    payParticipation(ctx, userIdOf(req), req.params.id, req.log),
  );

  // What a leave would do now (issue 30): the 참가 취소 sheet says it before the student confirms.
  app.get('/api/detailview/parties/:partyId/leave/', { ...auth, schema: { summary: 'What leaving the party now would do: the deposit paid and what of it comes back', params: partyPath, response: { 200: leaveQuote, ...refusals(400, 404) } } }, async (req) =>
    quoteLeave(ctx, userIdOf(req), req.params.partyId),
  );

  // The freed seat goes to the first in line in the leave's own transaction (reserve/give-seats-back.ts).
  app.post('/api/detailview/parties/:partyId/leave/', { ...auth, ...idempotent(ctx, 200), schema: { summary: 'Leave a party: free while pending, refunded until 24 hours before the start', params: partyPath, headers, response: { 200: leaveResponse, ...refusals(400, 404, 409, 422) } } }, async (req) =>
    leaveParty(ctx, userIdOf(req), req.params.partyId, req.log),
  );

  // The line of a full party (issue 18): get in, leave, my position; and every party I wait for (the assistant).
  const waitlistPath = '/api/reserve/waitlist/:partyId/';
  app.post(waitlistPath, { ...auth, ...idempotent(ctx, 201), schema: { summary: "Get in line for a full party's next free seat", params: partyPath, headers, response: { 201: waitlistPosition, ...refusals(400, 403, 404, 409, 422) } } }, async (req, reply) =>
    reply.status(201).send(await joinWaitlist(ctx, userIdOf(req), req.params.partyId)),
  );
  app.delete(waitlistPath, { ...auth, ...idempotent(ctx, 204), schema: { summary: "Leave a party's line", params: partyPath, headers, response: { 204: z.null(), ...refusals(400, 404, 409, 422) } } }, async (req, reply) => {
    await leaveWaitlist(ctx, userIdOf(req), req.params.partyId);
    return reply.status(204).send(null);
  });
  app.get(waitlistPath, { ...auth, schema: { summary: "My place in a party's line", params: partyPath, response: { 200: waitlistPosition, ...refusals(404) } } }, async (req) =>
    myWaitlistPosition(ctx, userIdOf(req), req.params.partyId),
  );
  app.get('/api/reserve/waitlist/', { ...auth, schema: { summary: 'The upcoming parties I wait for, soonest first', response: { 200: z.array(myWaitlistEntry) } } }, async (req) => myWaitlist(ctx, userIdOf(req)));
}
