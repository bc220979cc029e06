import type { FastifyInstance } from 'fastify';
import type { HomeParty, MapParty } from '../../shared/parties';
import type { Ctx } from '../context';
import { upcomingPartyCards } from './party-cards';

export async function partyListRoutes(app: FastifyInstance, ctx: Ctx) {
  // Spec §3 "Party (home list)": the recommended list is the upcoming parties, soonest first.
  app.get('/api/homemap/home/', async (): Promise<HomeParty[]> => {
    const cards = await upcomingPartyCards(ctx.db, ctx.clock.now(), 50);
    return cards.map(({ place_x_norm: _x, place_y_norm: _y, ...home }) => home);
  });

  // Spec §3 "Party (map list)": every upcoming party with its place's position on the map.
  app.get('/api/detailview/parties/', async (): Promise<MapParty[]> => upcomingPartyCards(ctx.db, ctx.clock.now(), 500));
}
