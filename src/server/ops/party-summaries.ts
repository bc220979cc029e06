import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { OPS_PARTY_PHASES, opsAttendee, opsPartySummary } from '../../shared/ops-contract';
import type { Db } from '../db/connect';
import { parties, participations } from '../db/schema/parties';
import { places } from '../db/schema/places';
import { users } from '../db/schema/users';
import { cardColumns } from '../parties/party-cards';
import { seatHolderRows, takenSeats } from '../parties/seats';
import { standbyWindow } from '../partyassist/check-in';

// A party as the operator console lists it: seats, payments, check-ins and no-shows beside the card fields. The
// counts are correlated subqueries, so a list is one query whatever its length. They need the join to places: only
// then does drizzle qualify every column, so the subquery's "parties"."id" is the outer party's.

const confirmedWhere = (extra?: SQL) =>
  sql`(select count(*)::int from ${participations} where ${participations.partyId} = ${parties.id} and ${participations.status} = 'confirmed'${extra ? sql` and ${extra}` : sql``})`;

const summaryColumns = {
  id: parties.id,
  title: parties.title,
  description: parties.description,
  startTime: parties.startTime,
  status: parties.status,
  placeId: places.id,
  placeName: places.name,
  tags: cardColumns.tags,
  deposit: parties.deposit,
  maxParticipants: parties.maxParticipants,
  appliedCount: takenSeats,
  paid: confirmedWhere().mapWith(Number),
  checkedIn: confirmedWhere(sql`${participations.checkedInAt} is not null`).mapWith(Number),
};

type Phase = (typeof OPS_PARTY_PHASES)[number];

function phaseOf(status: 'open' | 'cancelled', startTime: Date, now: Date): Phase {
  if (status === 'cancelled') return 'cancelled';
  if (startTime > now) return 'upcoming';
  return standbyWindow(startTime, now) === 'closed' ? 'finished' : 'in_progress';
}

/** Parties matching `where`, soonest first, each with its description (for the detail) beside the summary. */
export async function partySummaries(db: Db, now: Date, where: SQL | undefined, limit: number) {
  const rows = await db
    .select(summaryColumns)
    .from(parties)
    .innerJoin(places, eq(places.id, parties.placeId))
    .where(where)
    .orderBy(asc(parties.startTime), asc(parties.id))
    .limit(limit);
  return rows.map((r) => {
    const phase = phaseOf(r.status, r.startTime, now);
    const summary: z.output<typeof opsPartySummary> = {
      id: r.id,
      title: r.title,
      start_time: r.startTime.toISOString(),
      status: r.status,
      phase,
      place: { id: r.placeId, name: r.placeName },
      tags: r.tags ?? [],
      deposit: r.deposit,
      max_participants: r.maxParticipants,
      applied_count: r.appliedCount,
      paid_count: r.paid,
      checked_in_count: r.checkedIn,
      // Once the window has closed, every paid seat not checked in is a no-show (forfeited now or at the next sweep).
      no_show_count: phase === 'finished' ? r.paid - r.checkedIn : 0,
    };
    return { summary, description: r.description };
  });
}

/** The live participations of a party, in the order they joined. */
async function attendeesOf(db: Db, partyId: number): Promise<z.output<typeof opsAttendee>[]> {
  const rows = await seatHolderRows(db, [partyId], {
    id: participations.id,
    userId: users.id,
    username: users.username,
    name: users.name,
    paidAmount: participations.paidAmount,
    depositState: participations.depositState,
    isStandby: participations.isStandby,
    checkedInAt: participations.checkedInAt,
    createdAt: participations.createdAt,
  });
  return rows.map((r) => ({
    participation_id: r.id,
    user: { id: r.userId, username: r.username, name: r.name },
    status: r.seatStatus,
    paid_amount: r.paidAmount,
    deposit_state: r.depositState,
    is_standby: r.isStandby,
    checked_in_at: r.checkedInAt?.toISOString() ?? null,
    joined_at: r.createdAt.toISOString(),
  }));
}

/** One party with its attendees, or null when there is no such party. */
export async function partyDetail(db: Db, now: Date, partyId: number) {
  const [found] = await partySummaries(db, now, eq(parties.id, partyId), 1);
  if (!found) return null;
  return { ...found.summary, description: found.description, attendees: await attendeesOf(db, partyId) };
}
