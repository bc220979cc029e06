import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { NO_SHOW_HOURS } from '../../shared/constants';
import type { MyParty } from '../../shared/live';
import { LIVE_PARTICIPATION_STATUSES } from '../../shared/parties';
import type { Ctx } from '../context';
import { preparedPerDb } from '../db/prepared';
import { parties, participations } from '../db/schema/parties';
import { places } from '../db/schema/places';
import { inList } from '../db/sql-in-list';
import { ownPartyColumns } from '../parties/party-cards';
import { seatHoldersJson } from '../parties/seats';

/**
 * The caller's live parties for the assistant, soonest first: upcoming ones and those still running (until the
 * standby window closes 3 h after the start), with the seat holders for the profile icons — the people its count
 * counts, in one query.
 */
const myPartiesQuery = preparedPerDb('my_parties', (db) =>
  db
    .select({
      ...ownPartyColumns,
      status: participations.status,
      holdExpiresAt: participations.holdExpiresAt,
      people: seatHoldersJson(parties.id),
    })
    .from(participations)
    .innerJoin(parties, eq(parties.id, participations.partyId))
    .innerJoin(places, eq(places.id, parties.placeId))
    .where(
      and(
        eq(participations.userId, sql.placeholder('userId')),
        inList(participations.status, LIVE_PARTICIPATION_STATUSES),
        eq(parties.status, 'open'),
        gt(parties.startTime, sql.placeholder('since')),
      ),
    )
    .orderBy(asc(parties.startTime)),
);

export async function myParties(ctx: Ctx, userId: number): Promise<MyParty[]> {
  // A placeholder's value goes to the driver as given: the timestamp as the column itself would send it.
  const since = new Date(ctx.clock.now().getTime() - NO_SHOW_HOURS * 3_600_000).toISOString();
  const mine = await myPartiesQuery(ctx.db).execute({ userId, since });
  return mine.map((p) => ({
    id: p.id,
    title: p.title,
    start_time: p.startTime.toISOString(),
    place_name: p.placeName,
    place_photo: p.placePhoto,
    // The party's one count (parties/seats.ts): the same number its detail page shows.
    participation_count: p.taken,
    max_participants: p.max,
    participants: p.people,
    my_status: p.status as MyParty['my_status'],
    // Only an unpaid seat is held against the clock; a paid one keeps the time its hold had, which means nothing now.
    hold_expires_at: p.status === 'pending' ? (p.holdExpiresAt?.toISOString() ?? null) : null,
  }));
}
