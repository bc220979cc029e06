import { eq, sql } from 'drizzle-orm';
import type { LedgerKind } from '../../shared/points';
import type { Db, Tx } from '../db/connect';
import { isCheckViolation } from '../db/pg-errors';
import { pointLedger } from '../db/schema/points';
import { users } from '../db/schema/users';

export class InsufficientPointsError extends Error {
  constructor() {
    super('insufficient points');
  }
}

export interface LedgerEntry {
  userId: number;
  amount: number;
  kind: LedgerKind;
  partyId?: number;
  participationId?: number;
  reason?: string;
  at: Date;
}

/**
 * Moves a user's balance and writes the ledger row in the caller's transaction. The balance update is a single
 * `points = points + amount` so concurrent changes serialise on the row lock, and the CHECK (points >= 0) turns an
 * overdraft into InsufficientPointsError instead of a negative balance.
 */
export async function applyPoints(tx: Tx | Db, entry: LedgerEntry): Promise<number> {
  let balance: number;
  try {
    const [row] = await tx
      .update(users)
      .set({ points: sql`${users.points} + ${entry.amount}` })
      .where(eq(users.id, entry.userId))
      .returning({ points: users.points });
    if (!row) throw new Error(`no user ${entry.userId}`);
    balance = row.points;
  } catch (err) {
    if (isCheckViolation(err, 'users_points_nonnegative')) throw new InsufficientPointsError();
    throw err;
  }
  await tx.insert(pointLedger).values({
    userId: entry.userId,
    amount: entry.amount,
    kind: entry.kind,
    partyId: entry.partyId,
    participationId: entry.participationId,
    reason: entry.reason ?? '',
    balanceAfter: balance,
    createdAt: entry.at,
  });
  return balance;
}
