import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refusals } from '../../shared/error-contract';
import type { MapParty } from '../../shared/parties';
import { hasPartyFilters, partyFilterQuery, type PartyFilters } from '../../shared/party-filters';
import { homeParty, mapParty } from '../../shared/parties-contract';
import type { Ctx } from '../context';
import { createWriteClearedCache } from '../http/micro-cache';
import { clientAddress, tooMany, windowCounter } from '../http/rate-limit';
import { createWrittenOnce } from '../http/written-once';
import { partyFilterWhere, partyListQuery, tagsInUse, toPartyFilters } from './list-filters';
import { upcomingPartyCards } from './party-cards';

export async function partyListRoutes(parent: FastifyInstance, ctx: Ctx) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  // Any successful write may move a seat count or a party; reads never do.
  const cache = createWriteClearedCache<MapParty[]>(app);
  const tagCache = createWriteClearedCache<string[]>(app);
  const writtenOnce = createWrittenOnce();
  // The unfiltered lists are one cache entry a second whoever asks; a filtered one is keyed by what its visitor
  // typed, so a script sweeping made-up searches would have every one computed. Only those computations count:
  // an answer the cache holds (the map and home asking alike, a revalidation within the second) costs nothing. A
  // 304 that needed the query counts like a 200, since the ETag is taken of the computed answer.
  const computedFilteredLists = windowCounter(app, { windowMs: 60_000, key: (req) => `filtered-list:${clientAddress(req)}` });
  const second = () => Math.floor(ctx.clock.now().getTime() / 1000);
  const upcoming = async (filters: PartyFilters, req: FastifyRequest, reply: FastifyReply) => {
    const key = `upcoming:${second()}${partyFilterQuery(filters)}`;
    if (hasPartyFilters(filters) && !cache.holds(key)) {
      const { count, retryAfterS } = await computedFilteredLists.hit(req);
      if (count > ctx.limits.filteredListsPerIpPerMinute) throw tooMany(reply, retryAfterS);
    }
    const now = ctx.clock.now();
    return cache.get(key, () => upcomingPartyCards(ctx.db, now, 500, partyFilterWhere(filters, now)));
  };

  // Spec §3 "Party (home list)": the recommended list is the upcoming parties, soonest first. The schema writes
  // the home fields only (no map position). The optional filters (issue 18) narrow it in the query itself.
  const homeSchema = { summary: 'The home list: the 50 soonest upcoming parties, optionally filtered', querystring: partyListQuery, response: { 200: z.array(homeParty), ...refusals(429) } };
  app.get('/api/homemap/home/', { schema: homeSchema }, async (req, reply) => {
    const list = await upcoming(toPartyFilters(req.query), req, reply);
    return writtenOnce(reply, list, 'home', () => list.slice(0, 50));
  });

  // Spec §3 "Party (map list)": every upcoming party with its place's position on the map.
  const mapSchema = { summary: 'The map list: every upcoming party with its place on the map, optionally filtered', querystring: partyListQuery, response: { 200: z.array(mapParty), ...refusals(429) } };
  app.get('/api/detailview/parties/', { schema: mapSchema }, async (req, reply) => {
    const list = await upcoming(toPartyFilters(req.query), req, reply);
    return writtenOnce(reply, list, 'map', () => list);
  });

  // The filters' tag picker: the tags the upcoming parties carry, by name.
  app.get('/api/homemap/tags/', { schema: { summary: 'The tags the upcoming parties carry (the filter picker)', response: { 200: z.array(z.string()) } } }, async () =>
    tagCache.get(`tags:${second()}`, () => tagsInUse(ctx.db, ctx.clock.now())),
  );
}
