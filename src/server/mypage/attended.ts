import { type Placeholder, type SQL, and, eq, lte } from 'drizzle-orm';
import { parties, participations } from '../db/schema/parties';

/**
 * The parties a student took part in: paid seats (confirmed, never left or cancelled) of parties that have started.
 * My page's 참여 횟수 counts exactly the list /mypage/history shows, so tapping the number never shows another
 * number of cards. A query using it joins participations to parties.
 *
 * Values or the placeholders of a prepared statement (db/prepared.ts).
 */
export const attendedBy = (userId: number | Placeholder, now: Date | Placeholder): SQL | undefined =>
  and(eq(participations.userId, userId), eq(participations.status, 'confirmed'), lte(parties.startTime, now));
