import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { LIVE_PARTICIPATION_STATUSES, type LiveParticipationStatus } from '../../shared/parties';
import type { Db } from '../db/connect';
import { parties, participations } from '../db/schema/parties';
import { users } from '../db/schema/users';
import { inList } from '../db/sql-in-list';

/**
 * A party's count, wherever a student or an operator sees it (home, map, detail, assistant, history, console): the
 * seats taken, a seat awaiting payment counting like a paid one — it is held, nobody else can take it. The counter
 * join raises and releaseSeat lowers, always equal to the live participations (tests/server/parties/money-races).
 * The lobby alone counts something else: the paid participants, the only ones who can enter it and play.
 */
export const takenSeats = parties.appliedCount;

/**
 * The seat holders of the given parties (the people the count counts), first come first, with the columns asked
 * for and `seatStatus`, narrowed to a live status as the filter guarantees (a type drizzle cannot infer through a
 * generic selection).
 */
export async function seatHolderRows<T extends SelectedFields>(db: Db, partyIds: number[], columns: T) {
  if (!partyIds.length) return [];
  const rows = await db
    .select({ ...columns, seatStatus: participations.status })
    .from(participations)
    .innerJoin(users, eq(users.id, participations.userId))
    .where(and(inArray(participations.partyId, partyIds), inArray(participations.status, LIVE_PARTICIPATION_STATUSES)))
    .orderBy(asc(participations.createdAt), asc(participations.id));
  return rows as unknown as (SelectResultFields<T> & { seatStatus: LiveParticipationStatus })[];
}

/**
 * The seat holders of the party `partyId` (a column of the outer query) as a JSON array of `{ id, username,
 * profile_image }`, first come first: what seatHolders gives, inside the query that lists the parties, so a list of
 * them costs one round trip instead of two. The statuses are written into the text (inList), not bound: a prepared
 * statement's generic plan can then use the live-participation index, whose WHERE they match, to find a party's seats
 * (with bound values it cannot, and read every participation for each party).
 */
export function seatHoldersJson(partyId: AnyPgColumn) {
  // Aliased: the outer query may read participations and users itself.
  const holder = alias(participations, 'holder');
  const person = alias(users, 'holder_user');
  return sql<{ id: number; username: string; profile_image: string | null }[]>`(
    select coalesce(json_agg(json_build_object('id', ${person.id}, 'username', ${person.username}, 'profile_image', ${person.profileImage})
      order by ${holder.createdAt}, ${holder.id}), '[]'::json)
    from ${participations} as ${sql.identifier('holder')} inner join ${users} as ${sql.identifier('holder_user')} on ${person.id} = ${holder.userId}
    where ${holder.partyId} = ${partyId} and ${inList(holder.status, LIVE_PARTICIPATION_STATUSES)})`;
}

/** Who holds those seats, as the detail page shows them. */
export const seatHolders = (db: Db, partyIds: number[]) =>
  seatHolderRows(db, partyIds, {
    id: participations.id,
    partyId: participations.partyId,
    userId: users.id,
    username: users.username,
    profileImage: users.profileImage,
    holdExpiresAt: participations.holdExpiresAt,
  });
