import { eq, sql } from 'drizzle-orm';
import type { AccessClaims } from '../auth/access-token';
import type { Db } from '../db/connect';
import { preparedPerDb } from '../db/prepared';
import { refreshTokens } from '../db/schema/tokens';
import { users } from '../db/schema/users';

/**
 * How long a read of a sign-in's state (account closed? token version? sign-in ended?) answers its next requests.
 * Every signed-in request asked the database this before its own queries, a third to a half of its cost
 * (bench/api.ts). A withdrawal, a password change and a logout do not wait for it: they forget the student here and
 * on every instance (hub.endSessions, hub.endSession), so their tokens stop at once; the expiry only bounds a change
 * made outside the app.
 */
const ACCOUNT_STATE_TTL_MS = 5_000;
/** Past this many students remembered, the expired reads are dropped (amortised, like rate-limit.ts). */
const PRUNE_ABOVE = 10_000;

// Prepared (db/prepared.ts): with many students signed in, each sign-in pays this read once per TTL. One round trip
// for the account and the sign-in: is any token of the token's family still unrevoked (a logout, or a stolen refresh
// token caught, revokes them all)? A token without a family asks with null, and its answer is not looked at.
const sessionState = preparedPerDb('session_state', (db) =>
  db
    .select({
      deletedAt: users.deletedAt,
      tokenVersion: users.tokenVersion,
      // Compared with the parameter, not the outer row: drizzle writes a one-table select's columns unqualified.
      signInLive: sql<boolean>`exists (select 1 from ${refreshTokens} where ${refreshTokens.familyId} = ${sql.placeholder('familyId')} and ${refreshTokens.userId} = ${sql.placeholder('userId')} and ${refreshTokens.revokedAt} is null)`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId'))),
);

interface SessionState {
  closed: boolean;
  tokenVersion: number;
  /** The sign-in (refresh-token family) still stands; true for a token without a family. */
  signInLive: boolean;
  readAt: number;
}

/** The key of a token without a family among a student's remembered reads. */
const NO_FAMILY = '';

export interface AccessCheck {
  /**
   * Whether a signature-valid access token still opens the account: the account exists, is not closed, no password
   * change has happened since the token was issued (its version is the row's), and its sign-in has not ended.
   */
  stillValid(claims: AccessClaims): Promise<boolean>;
  /** The student's account or one of their sign-ins changed (closed, password changed, logout): read it again. */
  forget(userId: number): void;
}

export function createAccessCheck(db: Db, now: () => number = Date.now): AccessCheck {
  // Per student, per sign-in: forgetting a student drops all of theirs at once.
  const states = new Map<number, Map<string, SessionState>>();
  let remembered = 0;
  // Bumped by forget(): a read that started before a withdrawal committed must not store what it saw after it.
  const generations = new Map<number, number>();
  let generation = 0;

  async function read(claims: AccessClaims): Promise<SessionState | null> {
    const startedAt = generation;
    const [row] = await sessionState(db).execute({ userId: claims.userId, familyId: claims.family });
    if (!row) return null;
    const state = { closed: !!row.deletedAt, tokenVersion: row.tokenVersion, signInLive: claims.family === null || row.signInLive, readAt: now() };
    if ((generations.get(claims.userId) ?? 0) <= startedAt) remember(claims.userId, claims.family ?? NO_FAMILY, state);
    return state;
  }

  function remember(userId: number, family: string, state: SessionState) {
    if (remembered >= PRUNE_ABOVE) prune();
    let mine = states.get(userId);
    if (!mine) states.set(userId, (mine = new Map()));
    if (!mine.has(family)) remembered += 1;
    mine.set(family, state);
  }

  function prune() {
    const t = now();
    for (const [userId, mine] of states) {
      for (const [family, s] of mine) if (t - s.readAt >= ACCOUNT_STATE_TTL_MS) mine.delete(family);
      if (mine.size === 0) states.delete(userId);
    }
    remembered = 0;
    for (const mine of states.values()) remembered += mine.size;
  }

  return {
    async stillValid(claims) {
      const known = states.get(claims.userId)?.get(claims.family ?? NO_FAMILY);
      const state = known && now() - known.readAt < ACCOUNT_STATE_TTL_MS ? known : await read(claims);
      return !!state && !state.closed && state.tokenVersion === claims.version && state.signInLive;
    },
    forget(userId) {
      generation += 1;
      // Forgetting is rare (a withdrawal, a password change, a logout); no read stays in flight across thousands.
      if (generations.size >= PRUNE_ABOVE) generations.clear();
      generations.set(userId, generation);
      remembered -= states.get(userId)?.size ?? 0;
      states.delete(userId);
    },
  };
}
