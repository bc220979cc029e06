import { and, asc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { MapParty } from '../../shared/parties';
import type { Db } from '../db/connect';
import { parties, partyTags } from '../db/schema/parties';
import { places, tags } from '../db/schema/places';
import { takenSeats } from './seats';

// Tag names in one array per party, so a list is one query whatever its length.
const tagNames = sql<string[]>`coalesce(
  (select array_agg(${tags.name} order by ${tags.name}) from ${partyTags}
   join ${tags} on ${tags.id} = ${partyTags.tagId} where ${partyTags.partyId} = ${parties.id}),
  '{}')`;

/** A party with its place, as a student's own lists (assistant, history) show it; join parties to places. */
export const ownPartyColumns = {
  id: parties.id,
  title: parties.title,
  startTime: parties.startTime,
  placeName: places.name,
  placePhoto: places.photo,
  max: parties.maxParticipants,
  taken: takenSeats,
};

export const cardColumns = {
  id: parties.id,
  title: parties.title,
  placePhoto: places.photo,
  placeName: places.name,
  startTime: parties.startTime,
  appliedCount: takenSeats,
  maxParticipants: parties.maxParticipants,
  xNorm: places.xNorm,
  yNorm: places.yNorm,
  tags: tagNames,
};

type CardRow = { [K in keyof typeof cardColumns]: unknown } & {
  id: number;
  title: string;
  placePhoto: string | null;
  placeName: string;
  startTime: Date;
  appliedCount: number;
  maxParticipants: number;
  xNorm: number;
  yNorm: number;
  tags: string[];
};

export function toMapParty(r: CardRow): MapParty {
  return {
    id: r.id,
    title: r.title,
    place_photo: r.placePhoto,
    place_name: r.placeName,
    start_time: r.startTime.toISOString(),
    applied_count: r.appliedCount,
    max_participants: r.maxParticipants,
    tags: r.tags ?? [],
    place_x_norm: r.xNorm,
    place_y_norm: r.yNorm,
  };
}

/** Open parties that have not started, soonest first. */
export async function upcomingPartyCards(db: Db, now: Date, limit: number, extra?: SQL): Promise<MapParty[]> {
  const rows = await db
    .select(cardColumns)
    .from(parties)
    .innerJoin(places, eq(places.id, parties.placeId))
    .where(and(eq(parties.status, 'open'), gt(parties.startTime, now), extra))
    .orderBy(asc(parties.startTime), asc(parties.id))
    .limit(limit);
  return rows.map((r) => toMapParty(r as CardRow));
}
