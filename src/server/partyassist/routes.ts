import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../context';
import { LIVE_MESSAGES as LM } from '../game/messages';
import { requireUser, userIdOf } from '../http/auth-guard';
import { idParam } from '../http/params';
import { myParties } from './my-parties';
import { participantsOf } from './participants';
import { toggleStandby } from './standby-toggle';

export async function partyAssistRoutes(app: FastifyInstance, ctx: Ctx) {
  const auth = { preValidation: requireUser(ctx) };
  app.get('/api/partyassist/myparties/', auth, async (req) => myParties(ctx, userIdOf(req)));
  app.get('/api/partyassist/standby/:partyId/participants/', auth, async (req) =>
    participantsOf(ctx, userIdOf(req), idParam(req.params, 'partyId', LM.partyNotFound)),
  );
  app.post('/api/partyassist/standby/:partyId/toggle/', auth, async (req) =>
    toggleStandby(ctx, userIdOf(req), idParam(req.params, 'partyId', LM.partyNotFound)),
  );
}
