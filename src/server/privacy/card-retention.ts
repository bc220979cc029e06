import { and, eq, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import type { Ctx } from '../context';
import { users } from '../db/schema/users';

const DAY = 86_400_000;
const BATCH = 200;
const DECIDED = ['approved', 'rejected'] as const;

/**
 * Deletes the student cards decided CARD_RETENTION_DAYS ago or more (개인정보 보호법: kept no longer than the purpose
 * needs; the decision, its time and reason stay). One sweeper step, safe on every instance at once: each card is
 * claimed by a conditional update naming the file, so of two sweepers only the one whose update matched deletes it
 * (the other waits on the row's lock, then matches nothing). The file is deleted inside that transaction: if the
 * storage fails, the claim rolls back and the next sweep tries again, so no card outlives its row unnamed.
 */
export async function deleteExpiredCards(ctx: Ctx, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - ctx.config.cardRetentionDays * DAY);
  const due = and(inArray(users.verificationStatus, DECIDED), lte(users.verifiedAt, cutoff), isNull(users.deletedAt));
  const rows = await ctx.db
    .select({ id: users.id, card: users.studentCardPath })
    .from(users)
    .where(and(due, isNotNull(users.studentCardPath)))
    .limit(BATCH);
  let n = 0;
  for (const { id, card } of rows) {
    if (!card) continue;
    const deleted = await ctx.db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(users)
        .set({ studentCardPath: null, cardDeletedAt: now })
        // Still this file, still decided long enough ago: a card sent again meanwhile is pending and not touched.
        .where(and(eq(users.id, id), eq(users.studentCardPath, card), due))
        .returning({ id: users.id });
      if (!claimed) return false;
      await ctx.storage.removePrivate(card);
      return true;
    });
    if (deleted) n += 1;
  }
  return n;
}
