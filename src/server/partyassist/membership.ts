import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/connect';
import { participations } from '../db/schema/parties';

/** The caller's confirmed (paid) participation in a party: what the lobby, the game and the community require. */
export async function confirmedParticipation(db: Db | Tx, userId: number, partyId: number) {
  const [row] = await db
    .select()
    .from(participations)
    .where(and(eq(participations.partyId, partyId), eq(participations.userId, userId), eq(participations.status, 'confirmed')));
  return row ?? null;
}
