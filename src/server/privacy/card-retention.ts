import { and, eq, inArray, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Ctx } from '../context';
import { users } from '../db/schema/users';
import { NO_PREVIOUS_CARD } from '../mypage/previous-card';

const DAY = 86_400_000;
const BATCH = 200;
const DECIDED = ['approved', 'rejected'] as const;

/**
 * Deletes the student cards decided CARD_RETENTION_DAYS ago or more (개인정보 보호법: kept no longer than the purpose
 * needs; the decision, its time and reason stay), and the previous cards (a rejected card kept beside the pending one
 * that replaced it) rejected as long ago. One sweeper step, safe
 * on every instance at once: each card is claimed by a conditional update naming the file, so of two sweepers only
 * the one whose update matched deletes it (the other waits on the row's lock, then matches nothing). The file is
 * deleted inside that transaction: if the storage fails, the claim rolls back and the next sweep tries again, so no
 * card outlives its row unnamed.
 */
export async function deleteExpiredCards(ctx: Ctx, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - ctx.config.cardRetentionDays * DAY);
  const current = and(inArray(users.verificationStatus, DECIDED), lte(users.verifiedAt, cutoff), isNull(users.deletedAt));
  // Still this file, still decided long enough ago: a card sent again meanwhile is pending and not touched.
  const cards = await sweep(ctx, users.studentCardPath, current, { studentCardPath: null, cardDeletedAt: now });
  const previous = and(lte(users.previousCardDecidedAt, cutoff), isNull(users.deletedAt));
  return cards + (await sweep(ctx, users.previousCardPath, previous, NO_PREVIOUS_CARD));
}

/** Claims and deletes, one row at a time, the files `column` names on the rows `due` picks. */
async function sweep(ctx: Ctx, column: PgColumn, due: SQL | undefined, cleared: Partial<typeof users.$inferInsert>): Promise<number> {
  const rows = await ctx.db
    .select({ id: users.id, card: sql<string>`${column}` })
    .from(users)
    .where(and(due, isNotNull(column)))
    .limit(BATCH);
  let n = 0;
  for (const { id, card } of rows) {
    const deleted = await ctx.db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(users)
        .set(cleared)
        .where(and(eq(users.id, id), eq(column, card), due))
        .returning({ id: users.id });
      if (!claimed) return false;
      await ctx.storage.removePrivate(card);
      return true;
    });
    if (deleted) n += 1;
  }
  return n;
}
