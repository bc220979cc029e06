import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { HistoryItem } from '../../shared/community';
import { historyItem } from '../../shared/mypage-contract';
import type { Ctx } from '../context';
import { preparedPerDb } from '../db/prepared';
import { reviews } from '../db/schema/community';
import { parties, participations } from '../db/schema/parties';
import { places } from '../db/schema/places';
import { requireUser, userIdOf } from '../http/auth-guard';
import { ownPartyColumns } from '../parties/party-cards';
import { attendedBy } from './attended';

const historyQuery = preparedPerDb('mypage_history', (db) => {
  const userId = sql.placeholder('userId');
  return db
    .select({
      ...ownPartyColumns,
      reviewed: sql<boolean>`exists (select 1 from ${reviews} where ${reviews.partyId} = ${parties.id} and ${reviews.userId} = ${userId})`,
    })
    .from(participations)
    .innerJoin(parties, eq(parties.id, participations.partyId))
    .innerJoin(places, eq(places.id, parties.placeId))
    .where(attendedBy(userId, sql.placeholder('now')))
    .orderBy(desc(parties.startTime))
    .limit(100);
});

/**
 * Parties the student took part in (confirmed, already started), newest first, with whether they reviewed it. An
 * addition to spec §7, which names no call for /mypage/history; the item is the flat form of spec §3. Prepared
 * (db/prepared.ts).
 */
export async function historyRoutes(parent: FastifyInstance, ctx: Ctx) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const schema = { summary: 'The parties I took part in, with what happened to my deposit', response: { 200: z.array(historyItem) } };
  app.get('/api/mypage/history/', { preValidation: requireUser(ctx), schema }, async (req): Promise<HistoryItem[]> => {
    // A placeholder's value goes to the driver as given: the timestamp as the column itself would send it.
    const rows = await historyQuery(ctx.db).execute({ userId: userIdOf(req), now: ctx.clock.now().toISOString() });
    return rows.map((r) => ({
      id: r.id,
      title: r.title,
      start_time: r.startTime.toISOString(),
      place_name: r.placeName,
      place_photo: r.placePhoto,
      applied_count: r.taken,
      max_participants: r.max,
      reviewed: r.reviewed,
    }));
  });
}
