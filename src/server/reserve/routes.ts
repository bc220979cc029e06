import type { FastifyInstance } from 'fastify';
import { payRequest } from '../../shared/parties';
import type { Ctx } from '../context';
import { requireUser, userIdOf } from '../http/auth-guard';
import { idParam } from '../http/params';
import { PARTY_MESSAGES as PM } from '../parties/messages';
import { joinParty } from './join';
import { leaveParty } from './leave';
import { participationDetail } from './participation-detail';
import { payParticipation } from './pay';

export async function reserveRoutes(app: FastifyInstance, ctx: Ctx) {
  const auth = { preHandler: requireUser(ctx) };

  app.post('/api/reserve/join/:partyId/', auth, async (req, reply) => {
    const joined = await joinParty(ctx, userIdOf(req), idParam(req.params, 'partyId', PM.notFound));
    return reply.status(201).send(joined);
  });

  app.get('/api/reserve/participation/:id/', auth, async (req) =>
    participationDetail(ctx, userIdOf(req), idParam(req.params, 'id', PM.participationNotFound)),
  );

  app.post('/api/reserve/pay/:id/', auth, async (req) => {
    payRequest.parse(req.body ?? {});
    return payParticipation(ctx, userIdOf(req), idParam(req.params, 'id', PM.participationNotFound));
  });

  app.post('/api/detailview/parties/:partyId/leave/', auth, async (req) =>
    leaveParty(ctx, userIdOf(req), idParam(req.params, 'partyId', PM.notFound)),
  );
}
