import { and, desc, eq, gt, isNull, or } from 'drizzle-orm';
import type { Db, Tx } from '../db/connect';
import { suspensions } from '../db/schema/suspensions';

/**
 * The suspension in force for a student at `now`, or null: not lifted, and its end (if any) still ahead. Compared
 * with the clock rather than ended by a job, so a suspension is over the instant its end passes, on every instance.
 */
export async function activeSuspension(db: Db | Tx, userId: number, now: Date) {
  const [row] = await db
    .select()
    .from(suspensions)
    .where(and(eq(suspensions.userId, userId), isNull(suspensions.liftedAt), or(isNull(suspensions.endsAt), gt(suspensions.endsAt, now))))
    .orderBy(desc(suspensions.id))
    .limit(1);
  return row ?? null;
}
