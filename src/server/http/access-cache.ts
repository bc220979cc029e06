import { eq, sql } from 'drizzle-orm';
import type { AccessClaims } from '../auth/access-token';
import type { Db } from '../db/connect';
import { preparedPerDb } from '../db/prepared';
import { users } from '../db/schema/users';

/**
 * How long a read of a student's account state (closed? token version?) answers their next requests. Every signed-in
 * request asked the database this before its own queries, a third to a half of its cost (bench/api.ts). A
 * withdrawal and a password change do not wait for it: they forget the student here and on every instance
 * (hub.endSessions), so their tokens stop at once; the expiry only bounds a change made outside the app.
 */
const ACCOUNT_STATE_TTL_MS = 5_000;
/** Past this many students remembered, the expired ones are dropped (amortised, like rate-limit.ts). */
const PRUNE_ABOVE = 10_000;

// Prepared (db/prepared.ts): with many students signed in, each pays this read once per TTL.
const accountState = preparedPerDb('account_state', (db) =>
  db.select({ deletedAt: users.deletedAt, tokenVersion: users.tokenVersion }).from(users).where(eq(users.id, sql.placeholder('userId'))),
);

interface AccountState {
  closed: boolean;
  tokenVersion: number;
  readAt: number;
}

export interface AccessCheck {
  /**
   * Whether a signature-valid access token still opens the account: the account exists, is not closed, and no
   * password change has happened since the token was issued (its version is the row's).
   */
  stillValid(claims: AccessClaims): Promise<boolean>;
  /** The student's account changed (closed, password changed): the next request reads it again. */
  forget(userId: number): void;
}

export function createAccessCheck(db: Db, now: () => number = Date.now): AccessCheck {
  const states = new Map<number, AccountState>();
  // Bumped by forget(): a read that started before a withdrawal committed must not store what it saw after it.
  const generations = new Map<number, number>();
  let generation = 0;

  async function read(userId: number): Promise<AccountState | null> {
    const startedAt = generation;
    const [row] = await accountState(db).execute({ userId });
    if (!row) return null;
    const state = { closed: !!row.deletedAt, tokenVersion: row.tokenVersion, readAt: now() };
    if ((generations.get(userId) ?? 0) <= startedAt) remember(userId, state);
    return state;
  }

  function remember(userId: number, state: AccountState) {
    if (states.size >= PRUNE_ABOVE) {
      const t = now();
      for (const [id, s] of states) if (t - s.readAt >= ACCOUNT_STATE_TTL_MS) states.delete(id);
    }
    states.set(userId, state);
  }

  return {
    async stillValid(claims) {
      const known = states.get(claims.userId);
      const state = known && now() - known.readAt < ACCOUNT_STATE_TTL_MS ? known : await read(claims.userId);
      return !!state && !state.closed && state.tokenVersion === claims.version;
    },
    forget(userId) {
      generation += 1;
      // Forgetting is rare (a withdrawal, a password change); no read stays in flight across thousands of them.
      if (generations.size >= PRUNE_ABOVE) generations.clear();
      generations.set(userId, generation);
      states.delete(userId);
    },
  };
}
