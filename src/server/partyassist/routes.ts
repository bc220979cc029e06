import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refusals } from '../../shared/error-contract';
import { idParam } from '../../shared/id-schema';
import { myParty, participantEntry, standbyState } from '../../shared/live-contract';
import type { Ctx } from '../context';
import { LIVE_MESSAGES as LM } from '../game/messages';
import { requireUser, userIdOf } from '../http/auth-guard';
import { myParties } from './my-parties';
import { participantsOf } from './participants';
import { toggleStandby } from './standby-toggle';

export async function partyAssistRoutes(parent: FastifyInstance, ctx: Ctx) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const auth = { preValidation: requireUser(ctx) };
  const partyPath = z.object({ partyId: idParam(LM.partyNotFound) });

  app.get('/api/partyassist/myparties/', { ...auth, schema: { summary: 'The parties I hold a seat in, with my standby state (the assistant)', response: { 200: z.array(myParty) } } }, async (req) => myParties(ctx, userIdOf(req)));

  app.get(
    '/api/partyassist/standby/:partyId/participants/',
    { ...auth, schema: { summary: "A party's participants and who is on standby (participants only)", params: partyPath, response: { 200: z.array(participantEntry), ...refusals(403, 404) } } },
    async (req) => participantsOf(ctx, userIdOf(req), req.params.partyId),
  );

  // No body: whatever is sent is ignored, as before.
  app.post('/api/partyassist/standby/:partyId/toggle/', { ...auth, schema: { summary: 'Go on or off standby in the lobby (confirmed participants, inside the standby window)', params: partyPath, response: { 200: standbyState, ...refusals(400, 403, 404) } } }, async (req) =>
    toggleStandby(ctx, userIdOf(req), req.params.partyId, req.log),
  );
}
