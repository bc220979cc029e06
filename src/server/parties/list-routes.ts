import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { MapParty } from '../../shared/parties';
import { homeParty, mapParty } from '../../shared/parties-contract';
import type { Ctx } from '../context';
import { createWriteClearedCache } from '../http/micro-cache';
import { upcomingPartyCards } from './party-cards';

export async function partyListRoutes(parent: FastifyInstance, ctx: Ctx) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  // Any successful write may move a seat count or a party; reads never do.
  const cache = createWriteClearedCache<MapParty[]>(app);
  const upcoming = () => {
    const now = ctx.clock.now();
    return cache.get(`upcoming:${Math.floor(now.getTime() / 1000)}`, () => upcomingPartyCards(ctx.db, now, 500));
  };

  // Spec §3 "Party (home list)": the recommended list is the upcoming parties, soonest first. The schema writes
  // the home fields only (no map position).
  app.get('/api/homemap/home/', { schema: { response: { 200: z.array(homeParty) } } }, async () => (await upcoming()).slice(0, 50));

  // Spec §3 "Party (map list)": every upcoming party with its place's position on the map.
  app.get('/api/detailview/parties/', { schema: { response: { 200: z.array(mapParty) } } }, async () => upcoming());
}
