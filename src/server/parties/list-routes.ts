import type { FastifyInstance } from 'fastify';
import type { HomeParty, MapParty } from '../../shared/parties';
import type { Ctx } from '../context';
import { createWriteClearedCache } from '../http/micro-cache';
import { upcomingPartyCards } from './party-cards';

export async function partyListRoutes(app: FastifyInstance, ctx: Ctx) {
  // Any successful write may move a seat count or a party; reads never do.
  const cache = createWriteClearedCache<MapParty[]>(app);
  const upcoming = () => {
    const now = ctx.clock.now();
    return cache.get(`upcoming:${Math.floor(now.getTime() / 1000)}`, () => upcomingPartyCards(ctx.db, now, 500));
  };

  // Spec §3 "Party (home list)": the recommended list is the upcoming parties, soonest first.
  app.get('/api/homemap/home/', async (): Promise<HomeParty[]> =>
    (await upcoming()).slice(0, 50).map(({ place_x_norm: _x, place_y_norm: _y, ...home }) => home),
  );

  // Spec §3 "Party (map list)": every upcoming party with its place's position on the map.
  app.get('/api/detailview/parties/', async (): Promise<MapParty[]> => upcoming());
}
