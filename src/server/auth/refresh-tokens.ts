import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { API_MESSAGES as M } from '../../shared/api-messages';
import { REFRESH_TOKEN_TTL_S } from '../../shared/constants';
import type { Clock } from '../clock';
import type { AccessTokens } from './access-token';
import type { Db, Tx } from '../db/connect';
import { refreshTokens } from '../db/schema/tokens';
import { users } from '../db/schema/users';
import { lockStudents } from '../db/lock-order';
import { retryTransaction } from '../db/retry-transaction';
import { detail } from '../http/errors';

// Two tabs of one browser can both send the same refresh token a moment apart. Inside this window the late one is
// simply refused (it will pick up the tokens the other tab stored); after it, a reuse means a stolen token and the
// whole family is revoked (RFC 9700 §4.14.2).
export const REUSE_GRACE_MS = 10_000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

async function issueRefreshToken(db: Db | Tx, clock: Clock, userId: number, familyId: string) {
  const token = randomBytes(32).toString('base64url');
  const now = clock.now();
  await db.insert(refreshTokens).values({
    userId,
    familyId,
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_S * 1000),
  });
  return token;
}

/**
 * A new sign-in: a refresh-token family of its own, and an access token that carries the family's id, so ending the
 * family (endSession, a stolen token caught in rotateRefreshToken) stops the access token as well.
 */
export async function startSession(ctx: { db: Db | Tx; clock: Clock; tokens: AccessTokens }, userId: number, version: number) {
  const family = randomUUID();
  return { access: await ctx.tokens.sign(userId, version, family), refresh: await issueRefreshToken(ctx.db, ctx.clock, userId, family) };
}

export type RotateResult =
  | {
      ok: true;
      userId: number;
      refresh: string;
      /** users.token_version and the family, for the new access token */
      version: number;
      family: string;
    }
  | {
      ok: false;
      reason: 'unknown' | 'reused' | 'revoked' | 'expired';
      /** The sign-in this refusal ended (a stolen token caught): its access tokens must stop too. */
      ended?: { userId: number; familyId: string };
    };

export async function rotateRefreshToken(db: Db, clock: Clock, token: string): Promise<RotateResult> {
  const tokenHash = hashToken(token);
  const now = clock.now();
  // Claim and successor in one transaction: the claimed row stays locked until the successor is committed, so a
  // password change revoking this user's tokens meanwhile waits for it and then revokes the successor as well
  // (see changePassword), or went first and this claim finds the token revoked.
  const rotated = await db.transaction(async (tx): Promise<RotateResult | null> => {
    // Conditional update: of two concurrent calls with one token, exactly one sees used_at still null.
    const [claimed] = await tx
      .update(refreshTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(refreshTokens.tokenHash, tokenHash),
          isNull(refreshTokens.usedAt),
          isNull(refreshTokens.revokedAt),
          gt(refreshTokens.expiresAt, now),
        ),
      )
      .returning({ userId: refreshTokens.userId, familyId: refreshTokens.familyId });
    if (!claimed) return null;
    const [user] = await tx.select({ deletedAt: users.deletedAt, version: users.tokenVersion }).from(users).where(eq(users.id, claimed.userId));
    if (!user || user.deletedAt) return { ok: false, reason: 'revoked' };
    return {
      ok: true,
      userId: claimed.userId,
      version: user.version,
      family: claimed.familyId,
      refresh: await issueRefreshToken(tx, clock, claimed.userId, claimed.familyId),
    };
  });
  if (rotated) return rotated;

  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.revokedAt) return { ok: false, reason: 'revoked' };
  if (row.usedAt) {
    if (now.getTime() - row.usedAt.getTime() <= REUSE_GRACE_MS) return { ok: false, reason: 'reused' };
    await revokeFamily(db, clock, row.familyId);
    return { ok: false, reason: 'reused', ended: { userId: row.userId, familyId: row.familyId } };
  }
  return { ok: false, reason: 'expired' };
}

async function revokeFamily(db: Db | Tx, clock: Clock, familyId: string) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: clock.now() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

export async function revokeAllForUser(db: Db | Tx, clock: Clock, userId: number) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: clock.now() })
    .where(and(eq(refreshTokens.userId, userId), sql`${refreshTokens.revokedAt} is null`));
}

/** A fresh access and refresh pair (a new family), the access token under the account's current token version. */
export async function issueTokenPair(ctx: { db: Db; clock: Clock; tokens: AccessTokens }, userId: number) {
  const [user] = await ctx.db.select({ version: users.tokenVersion }).from(users).where(eq(users.id, userId));
  return startSession(ctx, userId, user?.version ?? 0);
}

/**
 * Logout: ends the sign-in a refresh token belongs to by revoking its whole family, whichever of the family's tokens
 * is shown (the latest, an older rotated one, an expired one). Answers whose sign-in it was, so the caller can stop
 * its access tokens on every instance; null for a token we never issued or whose rows the sweeper has deleted. A
 * family already revoked is answered all the same: logging out twice is a logout.
 */
export async function endSession(db: Db, clock: Clock, token: string): Promise<{ userId: number; familyId: string } | null> {
  const [row] = await db
    .select({ userId: refreshTokens.userId, familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(token)));
  if (!row) return null;
  await retryTransaction(db, async (tx) => {
    // The student's row first, as a password change does (db/lock-order.ts), so the two never wait on each other's
    // token rows in a circle. Revoked twice, like there: a refresh rotating this family right now holds its token's
    // row until its successor is committed; the first statement waits for it, the second (a new snapshot in READ
    // COMMITTED) sees the successor and revokes it too, so no rotation outlives the logout.
    await lockStudents(tx, [row.userId]);
    await revokeFamily(tx, clock, row.familyId);
    await revokeFamily(tx, clock, row.familyId);
  });
  return row;
}

/**
 * Sets a new password, ends every session of the account at once and returns this session's fresh pair: all
 * refresh tokens are revoked and the token version goes up, so access tokens issued before stop working on their
 * next request (requireUser, the socket handshake), and the caller closes their open sockets (hub.endSessions)
 * with the returned version. Revoked before and again after the version changes: a refresh
 * rotating at this moment holds its token's row until its successor is committed, so the first revocation waits
 * for it and the second one catches the successor. The fresh pair is issued in the same transaction, so a
 * withdrawal waiting on the student's lock revokes it too instead of leaving a session on a closed account.
 */
export async function changePassword(ctx: { db: Db; clock: Clock; tokens: AccessTokens }, userId: number, passwordHash: string) {
  const { clock } = ctx;
  return retryTransaction(ctx.db, async (tx) => {
    // The student's row first, as every flow does (db/lock-order.ts): a withdrawal of the same account locks it
    // first too, so the two run one after the other instead of deadlocking over the tokens. One that committed
    // first closed the account: no password and no fresh session for it (401, like any closed account's token).
    const [student] = await lockStudents(tx, [userId]);
    if (!student || student.deletedAt) throw detail(401, M.tokenInvalid);
    await revokeAllForUser(tx, clock, userId);
    const [changed] = await tx
      .update(users)
      .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, userId))
      .returning({ version: users.tokenVersion });
    await revokeAllForUser(tx, clock, userId);
    const pair = await startSession({ db: tx, clock, tokens: ctx.tokens }, userId, changed.version);
    return { pair, version: changed.version };
  });
}

/**
 * Deletes refresh tokens that expired more than a day ago. Past its expiry a token is refused whether its row is
 * there or not (and presenting an expired one needs no family revocation: it can no longer open anything), while the
 * table would otherwise keep a row for every refresh ever made.
 */
export async function purgeExpiredRefreshTokens(db: Db, now: Date) {
  await db.delete(refreshTokens).where(lt(refreshTokens.expiresAt, new Date(now.getTime() - 24 * 3_600_000)));
}
