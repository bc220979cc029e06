import { and, asc, eq, gt, gte, ilike, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias, QueryBuilder } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { DAY_PRESETS, isCalendarDate, isDayFilter, SEARCH_MAX, TAG_FILTER_MAX, type PartyFilters } from '../../shared/party-filters';
import type { Db } from '../db/connect';
import { parties, partyTags } from '../db/schema/parties';
import { places, tags } from '../db/schema/places';
import { campusDay, DAY } from '../ops/campus-day';
import { takenSeats } from './seats';

const DAY_MESSAGE = `day는 ${DAY_PRESETS.join(', ')} 또는 YYYY-MM-DD 날짜여야 합니다.`;

/**
 * The home and map lists' optional filters (src/shared/party-filters.ts names them). Strict where the page URL's
 * reader is lenient: a client sending a bad value hears why. None sent → the lists of spec §7, unchanged.
 */
export const partyListQuery = z.object({
  tag: z.string().trim().min(1, '태그를 입력해 주세요.').max(TAG_FILTER_MAX, `태그는 ${TAG_FILTER_MAX}자 이하여야 합니다.`).optional(),
  day: z.string().refine(isDayFilter, DAY_MESSAGE).optional(),
  open: z.literal('1', 'open은 1이어야 합니다.').optional(),
  // An empty search is no search (a cleared field).
  q: z.string().trim().max(SEARCH_MAX, `검색어는 ${SEARCH_MAX}자 이하여야 합니다.`).optional(),
});

export const toPartyFilters = (query: z.infer<typeof partyListQuery>): PartyFilters => ({
  tag: query.tag,
  day: query.day,
  open: query.open === '1',
  q: query.q || undefined,
});

/** The campus-time (Asia/Seoul) instants [start, end) a day filter means. 이번 주 runs to Sunday's end. */
function dayRange(day: string, now: Date): [Date, Date] {
  const today = campusDay(now);
  if (day === 'today') return [today.start, today.end];
  if (day === 'tomorrow') return [today.end, new Date(today.end.getTime() + DAY)];
  if (day === 'week') {
    const weekday = new Date(`${today.date}T00:00:00Z`).getUTCDay(); // 0 Sunday … 6 Saturday
    return [today.start, new Date(today.start.getTime() + ((8 - weekday) % 7 || 7) * DAY)];
  }
  if (!isCalendarDate(day)) throw new Error(`not a day filter: ${day}`);
  const start = new Date(`${day}T00:00:00+09:00`);
  return [start, new Date(start.getTime() + DAY)];
}

/**
 * How many of the soonest upcoming parties (of the day asked for) a search reads. A `%text%` search can use no
 * b-tree index, and a trigram index would miss what students type most: two-letter Korean words, under a trigram's
 * three characters. Without a bound a search that matches little read every upcoming party: at 50,000 parties, from
 * about the unfiltered list's time to 40 times it, as PostgreSQL chose its plan (bench/README.md). Two thousand is far
 * more than a campus has coming up at once, and four times what the map shows.
 */
export const SEARCH_HORIZON = 2_000;

/**
 * The start of the SEARCH_HORIZON-th soonest upcoming party in `range` (the day filter's, if any), or infinity when
 * there are fewer. As a bound on start_time it turns the search's scan into a range of the start-time index, read
 * once before the search (a plan's init step); parties sharing that last start all stay in.
 */
function searchHorizon(now: Date, range: [Date, Date] | undefined): SQL {
  const soonest = alias(parties, 'soonest');
  const window = new QueryBuilder()
    .select({ startTime: soonest.startTime })
    .from(soonest)
    .where(and(eq(soonest.status, 'open'), gt(soonest.startTime, now), range && gte(soonest.startTime, range[0]), range && lt(soonest.startTime, range[1])))
    .orderBy(asc(soonest.startTime))
    .offset(SEARCH_HORIZON - 1)
    .limit(1);
  return sql`coalesce((${window}), 'infinity')`;
}

/** `%text%` for ILIKE, with the text's own %, _ and \ matching themselves. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The parties holding a tag of these names (by tag id: party_tags_tag_idx). */
const taggedWith = (names: SQL) =>
  inArray(parties.id, sql`(select ${partyTags.partyId} from ${partyTags} join ${tags} on ${tags.id} = ${partyTags.tagId} where ${names})`);

/**
 * Whether the party carries a tag whose name matches, looked up party by party (the party_tags key) among the parties
 * the horizon lets through. Written as arrays because PostgreSQL would turn an IN or EXISTS here into a list of every
 * party a matching tag was ever on, past ones too: a search matching a popular tag then read its whole history. The
 * matching tags are found once, and when none matches no party is looked up at all.
 */
function carriesTagLike(pattern: string): SQL {
  const matching = sql`array(select ${tags.id} from ${tags} where ${ilike(tags.name, pattern)})`;
  const own = sql`array(select ${partyTags.tagId} from ${partyTags} where ${partyTags.partyId} = ${parties.id})`;
  return sql`case when cardinality(${matching}) = 0 then false else ${own} && ${matching} end`;
}

/** The WHERE the filters add to the upcoming list (which joins places), or undefined for none. */
export function partyFilterWhere(filters: PartyFilters, now: Date): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filters.tag) conditions.push(taggedWith(eq(tags.name, filters.tag)));
  const range = filters.day ? dayRange(filters.day, now) : undefined;
  if (range) conditions.push(gte(parties.startTime, range[0]), lt(parties.startTime, range[1]));
  // The seats every screen counts (seats.ts): a seat awaiting payment is taken.
  if (filters.open) conditions.push(lt(takenSeats, parties.maxParticipants));
  if (filters.q) {
    const pattern = containsPattern(filters.q);
    conditions.push(lte(parties.startTime, searchHorizon(now, range)));
    conditions.push(or(ilike(parties.title, pattern), ilike(places.name, pattern), carriesTagLike(pattern)));
  }
  return conditions.length ? and(...conditions) : undefined;
}

/** The names of the tags the upcoming parties carry, for the filter's tag picker. */
export async function tagsInUse(db: Db, now: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ name: tags.name })
    .from(tags)
    .innerJoin(partyTags, eq(partyTags.tagId, tags.id))
    .innerJoin(parties, eq(parties.id, partyTags.partyId))
    .where(and(eq(parties.status, 'open'), gt(parties.startTime, now)))
    .orderBy(tags.name)
    .limit(100);
  return rows.map((r) => r.name);
}
