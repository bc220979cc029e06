import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
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

  app.get('/api/partyassist/myparties/', { ...auth, schema: { response: { 200: z.array(myParty) } } }, async (req) => myParties(ctx, userIdOf(req)));

  app.get(
    '/api/partyassist/standby/:partyId/participants/',
    { ...auth, schema: { params: partyPath, response: { 200: z.array(participantEntry) } } },
    async (req) => participantsOf(ctx, userIdOf(req), req.params.partyId),
  );

  // No body: whatever is sent is ignored, as before.
  app.post('/api/partyassist/standby/:partyId/toggle/', { ...auth, schema: { params: partyPath, response: { 200: standbyState } } }, async (req) =>
    toggleStandby(ctx, userIdOf(req), req.params.partyId),
  );
}
