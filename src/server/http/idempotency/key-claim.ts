import { and, eq, sql } from 'drizzle-orm';
import { IDEMPOTENCY_MESSAGES as IM, IDEMPOTENCY_TTL_MS } from '../../../shared/idempotency';
import type { ErrorBody } from '../../../shared/errors';
import type { Db, Tx } from '../../db/connect';
import { idempotencyKeys } from '../../db/schema/idempotency';
import { detail, HttpError } from '../errors';
import { currentKeyScope, type KeyScope } from './key-scope';

type StoredKey = typeof idempotencyKeys.$inferSelect;

const keyOf = (scope: KeyScope) => and(eq(idempotencyKeys.userId, scope.userId), eq(idempotencyKeys.key, scope.key));

export const isFresh = (row: StoredKey, now: Date) => row.createdAt.getTime() > now.getTime() - IDEMPOTENCY_TTL_MS;

/**
 * A transaction-level advisory lock on (student, key), tried and never waited for: a second request with the key
 * while the first's transaction runs is told so (409) at once. The lock goes with the transaction, so a crashed
 * instance's dead connection never strands a key.
 */
async function tryLockKey(tx: Tx, scope: KeyScope): Promise<boolean> {
  const result = await tx.execute(sql`select pg_try_advisory_xact_lock(hashtextextended(${`${scope.userId}:${scope.key}`}, 0)) as locked`);
  return (result as unknown as { rows: { locked: boolean }[] }).rows[0].locked;
}

export async function findKey(db: Db | Tx, scope: KeyScope): Promise<StoredKey | undefined> {
  const [row] = await db.select().from(idempotencyKeys).where(keyOf(scope));
  return row;
}

/** A stored answer given again: thrown, so the action's transaction rolls back and the error handler sends it as is. */
export function replayOf(scope: KeyScope, row: StoredKey): HttpError {
  scope.settled = true;
  scope.replayed = true;
  return new HttpError(row.status ?? 200, row.body as ErrorBody);
}

/** The same key with another request: refused and never stored. */
export function keyReused(scope: KeyScope): HttpError {
  scope.settled = true;
  return detail(422, IM.keyReused);
}

/**
 * First thing in an action's transaction: takes the request's key for this transaction. Throws 409 while another
 * request with the key runs, the stored answer when one committed meanwhile, 422 when the key was used for another
 * request. Does nothing for a request without a key.
 */
export async function claimIdempotencyKey(tx: Tx): Promise<void> {
  const scope = currentKeyScope();
  if (!scope || scope.settled) return;
  scope.recorded = false;
  if (!(await tryLockKey(tx, scope))) {
    scope.settled = true;
    throw detail(409, IM.inProgress);
  }
  const row = await findKey(tx, scope);
  if (row && isFresh(row, scope.now)) {
    if (row.fingerprint !== scope.fingerprint) throw keyReused(scope);
    if (row.status !== null) throw replayOf(scope, row);
  }
  const fields = { fingerprint: scope.fingerprint, status: null, body: null, createdAt: scope.now };
  await tx
    .insert(idempotencyKeys)
    .values({ userId: scope.userId, key: scope.key, ...fields })
    .onConflictDoUpdate({ target: [idempotencyKeys.userId, idempotencyKeys.key], set: fields });
}

/**
 * Last thing in an action's transaction: the answer goes into the key's row and commits with the action's effect,
 * so a crash leaves either both or neither. Returns the answer, for `return recordIdempotentAnswer(tx, answer)`.
 */
export async function recordIdempotentAnswer<T>(tx: Db | Tx, answer: T): Promise<T> {
  const scope = currentKeyScope();
  if (!scope || scope.settled) return answer;
  await tx
    .update(idempotencyKeys)
    .set({ status: scope.successStatus, body: answer ?? null })
    .where(keyOf(scope));
  scope.recorded = true;
  return answer;
}

/**
 * For an action that needs no transaction of its own (a vote is one statement): `work` runs on the database as it is
 * when the request has no key, and with one inside a transaction that claims the key first.
 */
export async function withKeyClaimed<T>(db: Db, work: (db: Db | Tx) => Promise<T>): Promise<T> {
  if (!currentKeyScope()) return work(db);
  return db.transaction(async (tx) => {
    await claimIdempotencyKey(tx);
    return work(tx);
  });
}

/**
 * An answer the action gave without writing it in a transaction of its own — a refusal (its transaction rolled back,
 * nothing was done) or an answer that changed nothing — is stored after the fact, so a retry gets it again. When the
 * key is busy or already answered, what is there stays.
 */
export async function storeAnswerAfter(db: Db, scope: KeyScope, status: number, body: unknown): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await tryLockKey(tx, scope))) return;
    const row = await findKey(tx, scope);
    if (row && isFresh(row, scope.now) && row.status !== null) return;
    const fields = { fingerprint: scope.fingerprint, status, body: body ?? null, createdAt: scope.now };
    await tx
      .insert(idempotencyKeys)
      .values({ userId: scope.userId, key: scope.key, ...fields })
      .onConflictDoUpdate({ target: [idempotencyKeys.userId, idempotencyKeys.key], set: fields });
  });
}

/** The sweeper's: answers older than 24 hours are forgotten (their keys may be used afresh). */
export async function purgeOldIdempotencyKeys(db: Db, now: Date): Promise<void> {
  await db.delete(idempotencyKeys).where(sql`${idempotencyKeys.createdAt} <= ${new Date(now.getTime() - IDEMPOTENCY_TTL_MS)}`);
}
