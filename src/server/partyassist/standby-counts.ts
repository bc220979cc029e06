import { and, asc, eq } from 'drizzle-orm';
import type { StandbyMember } from '../../shared/live';
import type { Db, Tx } from '../db/connect';
import { participations } from '../db/schema/parties';
import { users } from '../db/schema/users';

/**
 * Confirmed participants, how many of them are on standby and who those are (the lobby shows their faces), read
 * fresh after any toggle has committed (or, as a fallback answer, inside the toggle's own transaction). One read: the
 * counts are the rows, so they never disagree with the faces.
 */
export async function standbyState(db: Db | Tx, partyId: number) {
  const rows = await db
    .select({ isStandby: participations.isStandby, id: users.id, username: users.username, profile_image: users.profileImage })
    .from(participations)
    .innerJoin(users, eq(users.id, participations.userId))
    .where(and(eq(participations.partyId, partyId), eq(participations.status, 'confirmed')))
    .orderBy(asc(participations.createdAt), asc(participations.id));
  const standby_users: StandbyMember[] = rows.filter((r) => r.isStandby).map(({ id, username, profile_image }) => ({ id, username, profile_image }));
  return { participation_count: rows.length, standby_count: standby_users.length, standby_users };
}

/** docs/rules.md "Lobby and game": more than half of the confirmed participants, and at least two, are on standby. */
export const roundThresholdReached = (c: { participation_count: number; standby_count: number }) =>
  c.standby_count >= 2 && c.standby_count * 2 > c.participation_count;
