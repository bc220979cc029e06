import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refusals } from '../../shared/error-contract';
import { idParam } from '../../shared/id-schema';
import type { PartyDetail } from '../../shared/parties';
import { partyDetail } from '../../shared/parties-contract';
import type { Ctx } from '../context';
import { campusSettings } from '../db/schema/campus';
import { parties, partyTags } from '../db/schema/parties';
import { places, tags } from '../db/schema/places';
import { detail } from '../http/errors';
import { createWriteClearedCache } from '../http/micro-cache';
import { cardColumns, toMapParty } from './party-cards';
import { PARTY_MESSAGES as PM } from './messages';
import { seatHolders } from './seats';

// A place with a map picture shows the campus's current overview: read here rather than copied into every place, so
// a map uploaded while a place is being added can never leave that place on the replaced (and deleted) file.
const placeMap = sql<string | null>`case when ${places.mapImage} is null then null else coalesce(${campusSettings.mapOverview}, ${places.mapImage}) end`;

export async function partyDetailRoutes(parent: FastifyInstance, ctx: Ctx) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  // The same for every visitor but for my_participation, which is read from the cached participant list.
  const cache = createWriteClearedCache<Awaited<ReturnType<typeof load>>>(app);

  async function load(partyId: number) {
    const [row] = await ctx.db
      .select({ ...cardColumns, description: parties.description, placeMap, deposit: parties.deposit, status: parties.status })
      .from(parties)
      .innerJoin(places, eq(places.id, parties.placeId))
      .leftJoin(campusSettings, sql`true`)
      .where(eq(parties.id, partyId));
    // Thrown, not returned: the cache keeps no failures, so an unknown id always asks the database.
    if (!row) throw detail(404, PM.notFound);
    const [people, tagRows] = await Promise.all([
      seatHolders(ctx.db, [partyId]),
      ctx.db
        .select({ id: tags.id, name: tags.name })
        .from(partyTags)
        .innerJoin(tags, eq(tags.id, partyTags.tagId))
        .where(eq(partyTags.partyId, partyId))
        .orderBy(asc(tags.name)),
    ]);
    return { row, people, tagRows };
  }

  const schema = { summary: "A party's page: details, seat holders, and my seat if I hold one", params: z.object({ partyId: idParam(PM.notFound) }), response: { 200: partyDetail, ...refusals(404) } };
  app.get('/api/detailview/parties/:partyId/', { schema }, async (req): Promise<PartyDetail> => {
    const { partyId } = req.params;
    const { row, people, tagRows } = await cache.get(`${partyId}:${Math.floor(ctx.clock.now().getTime() / 1000)}`, () => load(partyId));
    const listed = req.userId === null ? undefined : people.find((p) => p.userId === req.userId);
    // A token that no longer opens the account (password changed, account closed, logged out) sees the guest's view:
    // only asked of a participant, so every other visitor's page costs no extra read.
    const mine = listed && req.accessClaims && (await ctx.access.stillValid(req.accessClaims)) ? listed : undefined;
    const { tags: _names, ...card } = toMapParty(row);
    return {
      ...card,
      description: row.description,
      place_map: row.placeMap,
      deposit: row.deposit,
      status: row.status,
      tags: tagRows,
      participations: people.map((p) => ({ id: p.id, user: { id: p.userId, username: p.username, profile_image: p.profileImage } })),
      my_participation: mine
        ? { id: mine.id, status: mine.seatStatus, hold_expires_at: mine.seatStatus === 'pending' ? (mine.holdExpiresAt?.toISOString() ?? null) : null }
        : null,
    };
  });
}
