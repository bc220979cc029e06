import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { participations } from '../db/schema/parties';

/** Confirmed participants and how many of them are on standby, read fresh (after any toggle has committed). */
export async function standbyCounts(db: Db, partyId: number) {
  const [row] = await db
    .select({
      participation_count: sql<number>`count(*)::int`,
      standby_count: sql<number>`count(*) filter (where ${participations.isStandby})::int`,
    })
    .from(participations)
    .where(and(eq(participations.partyId, partyId), eq(participations.status, 'confirmed')));
  return { participation_count: row?.participation_count ?? 0, standby_count: row?.standby_count ?? 0 };
}

/** docs/rules.md "Lobby and game": more than half of the confirmed participants, and at least two, are on standby. */
export const roundThresholdReached = (c: { participation_count: number; standby_count: number }) =>
  c.standby_count >= 2 && c.standby_count * 2 > c.participation_count;
