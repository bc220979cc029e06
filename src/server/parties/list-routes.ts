import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { MapParty } from '../../shared/parties';
import { partyFilterQuery, type PartyFilters } from '../../shared/party-filters';
import { homeParty, mapParty } from '../../shared/parties-contract';
import type { Ctx } from '../context';
import { createWriteClearedCache } from '../http/micro-cache';
import { partyFilterWhere, partyListQuery, tagsInUse, toPartyFilters } from './list-filters';
import { upcomingPartyCards } from './party-cards';

export async function partyListRoutes(parent: FastifyInstance, ctx: Ctx) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  // Any successful write may move a seat count or a party; reads never do.
  const cache = createWriteClearedCache<MapParty[]>(app);
  const tagCache = createWriteClearedCache<string[]>(app);
  const second = () => Math.floor(ctx.clock.now().getTime() / 1000);
  const upcoming = (filters: PartyFilters) => {
    const now = ctx.clock.now();
    return cache.get(`upcoming:${second()}${partyFilterQuery(filters)}`, () =>
      upcomingPartyCards(ctx.db, now, 500, partyFilterWhere(filters, now)),
    );
  };

  // Spec §3 "Party (home list)": the recommended list is the upcoming parties, soonest first. The schema writes
  // the home fields only (no map position). The optional filters (issue 18) narrow it in the query itself.
  const homeSchema = { summary: 'The home list: the 50 soonest upcoming parties, optionally filtered', querystring: partyListQuery, response: { 200: z.array(homeParty) } };
  app.get('/api/homemap/home/', { schema: homeSchema }, async (req) => (await upcoming(toPartyFilters(req.query))).slice(0, 50));

  // Spec §3 "Party (map list)": every upcoming party with its place's position on the map.
  const mapSchema = { summary: 'The map list: every upcoming party with its place on the map, optionally filtered', querystring: partyListQuery, response: { 200: z.array(mapParty) } };
  app.get('/api/detailview/parties/', { schema: mapSchema }, async (req) => upcoming(toPartyFilters(req.query)));

  // The filters' tag picker: the tags the upcoming parties carry, by name.
  app.get('/api/homemap/tags/', { schema: { summary: 'The tags the upcoming parties carry (the filter picker)', response: { 200: z.array(z.string()) } } }, async () =>
    tagCache.get(`tags:${second()}`, () => tagsInUse(ctx.db, ctx.clock.now())),
  );
}
