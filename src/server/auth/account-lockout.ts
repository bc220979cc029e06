import { eq, lte, sql } from 'drizzle-orm';
import type { Ctx } from '../context';
import type { Db, Tx } from '../db/connect';
import { loginLockouts } from '../db/schema/login-lockouts';
import { claim, failed, type LockoutState } from './lockout-rules';

export interface AccountLockout {
  /** Counts the attempt before its password is checked; refused: the seconds to wait (Retry-After). */
  claim(subject: string): Promise<{ admitted: true } | { admitted: false; retryAfterS: number }>;
  failed(subject: string): Promise<void>;
  succeeded(subject: string): Promise<void>;
}

/**
 * The rows of lockout-rules.ts, read and written under the row's lock, so that attempts on one subject arriving
 * together on any number of instances are counted one after the other. `ctx.clock` decides the time.
 */
export function accountLockout(ctx: Pick<Ctx, 'db' | 'clock' | 'limits'>): AccountLockout {
  const allowed = ctx.limits.loginFailuresPerAccount;
  return {
    async claim(subject) {
      const now = ctx.clock.now();
      const answer = await underLock(ctx.db, subject, (row) => {
        const c = claim(row, now, allowed);
        return { next: c.admitted ? c.next : undefined, answer: c };
      });
      return answer.admitted ? { admitted: true } : { admitted: false, retryAfterS: Math.max(1, Math.ceil(answer.retryAfterMs / 1000)) };
    },
    async failed(subject) {
      const now = ctx.clock.now();
      await underLock(ctx.db, subject, (row) => ({ next: failed(row, now, allowed), answer: undefined }));
    },
    async succeeded(subject) {
      // The right password gives its count back, and the locks so far stay (the guesser may go on). One
      // statement is enough: giving a count back never locks anything.
      await ctx.db
        .update(loginLockouts)
        .set({ attempts: sql`greatest(${loginLockouts.attempts} - 1, 0)` })
        .where(eq(loginLockouts.subject, subject));
    },
  };
}

/** `step` sees the row as it stands, alone; what it returns as `next` is written before anyone else sees the row. */
async function underLock<T>(db: Db, subject: string, step: (row: LockoutState) => { next?: LockoutState; answer: T }): Promise<T> {
  return db.transaction(async (tx) => {
    // An upsert that changes nothing, for its lock: the row is made if missing (forgotten from the start: its
    // forget_at is long past) and locked either way, where a select … for update would find nothing to lock on a
    // first attempt and let concurrent first attempts through together.
    const [row] = await tx
      .insert(loginLockouts)
      .values({ subject, forgetAt: new Date(0) })
      .onConflictDoUpdate({ target: loginLockouts.subject, set: { subject: sql`excluded.subject` } })
      .returning();
    const { next, answer } = step(row);
    if (next) await tx.update(loginLockouts).set(next).where(eq(loginLockouts.subject, subject));
    return answer;
  });
}

/** The counters' names: students and operators have separate usernames, so separate counts. */
export const STUDENT_LOGIN_SCOPE = 'login';
export const OPERATOR_LOGIN_SCOPE = 'ops-login';

/** The row that counts failed sign-ins to one username of a scope ("login" for students, "ops-login" for operators). */
export const accountLockSubject = (scope: string, username: string) => `${scope}:${username.trim().toLowerCase()}`;

/**
 * A new password lifts the name's lock: whoever set it proved the account is theirs (a reset link, an admin), and
 * the next sign-in with it must not wait out a guesser's lock. That sign-in hands the device its cookie, which keeps
 * it out of any lock the guesser makes afterwards. In the password change's own transaction.
 */
export async function liftAccountLock(db: Db | Tx, scope: string, username: string): Promise<void> {
  await db.delete(loginLockouts).where(eq(loginLockouts.subject, accountLockSubject(scope, username)));
}

/** The sweeper's: rows that no longer count anything. */
export async function purgeForgottenLockouts(db: Db, now: Date): Promise<void> {
  await db.delete(loginLockouts).where(lte(loginLockouts.forgetAt, now));
}
