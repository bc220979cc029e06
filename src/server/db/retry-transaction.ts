import type { Db, Tx } from './connect';
import { pgErrorInfo } from './pg-errors';

// 40001 serialization failure, 40P01 deadlock: PostgreSQL rolled the transaction back whole, so running it again
// is safe. The lock order (lock-order.ts) makes deadlocks rare; this makes the rare one invisible to the student.
const RETRYABLE = new Set(['40001', '40P01']);
const ATTEMPTS = 4;

const isRetryableConflict = (err: unknown) => RETRYABLE.has(pgErrorInfo(err).code ?? '');

/**
 * A transaction that is run again (at most ATTEMPTS times in all) when it lost a race PostgreSQL resolved by
 * rolling it back. `work` must be safe to run again: it only talks to the database through `tx`.
 */
export async function retryTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (err) {
      if (attempt >= ATTEMPTS || !isRetryableConflict(err)) throw err;
      // A short random pause, so the two losers of a deadlock do not meet again at once.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 15 * attempt));
    }
  }
}
