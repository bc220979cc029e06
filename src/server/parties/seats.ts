import { and, asc, eq, inArray } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { LIVE_PARTICIPATION_STATUSES, type LiveParticipationStatus } from '../../shared/parties';
import type { Db } from '../db/connect';
import { parties, participations } from '../db/schema/parties';
import { users } from '../db/schema/users';

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

/** Who holds those seats, as the detail page and the assistant show them. */
export const seatHolders = (db: Db, partyIds: number[]) =>
  seatHolderRows(db, partyIds, {
    id: participations.id,
    partyId: participations.partyId,
    userId: users.id,
    username: users.username,
    profileImage: users.profileImage,
  });
