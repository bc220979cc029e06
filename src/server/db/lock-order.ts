import { asc, eq, inArray } from 'drizzle-orm';
import type { VerificationStatus } from '../../shared/verification';
import type { Tx } from './connect';
import { parties, participations } from './schema/parties';
import { users } from './schema/users';

/*
 * The one order in which transactions lock rows, so two of them can never wait on each other in a circle
 * (PostgreSQL would kill one with a deadlock error):
 *
 *   1. students (users rows), lowest id first
 *   2. parties, lowest id first
 *   3. participations
 *   4. everything written after that (point ledger, notifications, warnings, votes)
 *
 * Every flow that moves a student's points or seat — join, pay, leave, standby / check-in, withdraw, an
 * operator's cancel, the sweeper's no-show forfeit — locks the students it touches first. That also serialises
 * one student's money operations: a withdrawal waits for a join in flight, and the join that comes after it finds
 * the account closed. Rows are locked FOR NO KEY UPDATE, the same lock an UPDATE of a non-key column takes, so
 * inserting rows that merely reference a locked row (a notification, a ledger row) never waits on it.
 *
 * One exception, which never waits and so can close no circle: a seat freed by a leave (or a withdrawal, a
 * suspension) is offered to the first in line inside the same transaction, after the party is locked. That student
 * is locked then with tryLockStudent, which skips a row another transaction holds instead of waiting for it.
 */

export interface LockedStudent {
  id: number;
  deletedAt: Date | null;
  isAdditionalInfoProvided: boolean;
  verificationStatus: VerificationStatus;
  verificationReason: string | null;
}

const lockedColumns = {
  id: users.id,
  deletedAt: users.deletedAt,
  isAdditionalInfoProvided: users.isAdditionalInfoProvided,
  verificationStatus: users.verificationStatus,
  verificationReason: users.verificationReason,
};

/** Locks students' rows in id order (step 1). Ids that do not exist are simply absent from the answer. */
export async function lockStudents(tx: Tx, ids: number[]): Promise<LockedStudent[]> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  if (unique.length === 0) return [];
  return tx
    .select(lockedColumns)
    .from(users)
    .where(inArray(users.id, unique))
    .orderBy(asc(users.id))
    .for('no key update');
}

/**
 * Locks one student's row out of order (after step 2) without waiting: null when another transaction holds it (that
 * student is in the middle of an action of their own) or when there is no such student. See the exception above.
 */
export async function tryLockStudent(tx: Tx, id: number): Promise<LockedStudent | null> {
  const [row] = await tx
    .select(lockedColumns)
    .from(users)
    .where(eq(users.id, id))
    .for('no key update', { skipLocked: true });
  return row ?? null;
}

/** Locks one party's row (step 2). */
export async function lockParty(tx: Tx, partyId: number): Promise<void> {
  await tx.select({ id: parties.id }).from(parties).where(eq(parties.id, partyId)).for('no key update');
}

/** Locks one participation and answers it as it now is (step 3). */
export async function lockParticipation(tx: Tx, participationId: number) {
  const [row] = await tx.select().from(participations).where(eq(participations.id, participationId)).for('no key update');
  return row ?? null;
}
