import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { PASSWORD_RESET_MESSAGES as RM, PASSWORD_RESET_TTL_MINUTES } from '../../shared/password-reset-messages';
import { PASSWORD_RESET_PATH } from '../../shared/password-reset-paths';
import type { Clock } from '../clock';
import type { Db, Tx } from '../db/connect';
import { lockStudents } from '../db/lock-order';
import { retryTransaction } from '../db/retry-transaction';
import { passwordResets, type RESET_ISSUERS } from '../db/schema/password-resets';
import { users } from '../db/schema/users';
import { detail } from '../http/errors';
import { hashPassword } from './passwords';
import { revokeAllForUser } from './refresh-tokens';
import { liftAccountLock, STUDENT_LOGIN_SCOPE } from './account-lockout';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The page a link opens, on `origin` (PUBLIC_URL, or the request's own: http/public-origin.ts). */
export const resetUrl = (origin: string, token: string) => `${origin}${PASSWORD_RESET_PATH}?token=${token}`;

/**
 * A new one-time link for a student, inside the caller's transaction (an operator's action writes its audit row in
 * the same one). Every older link of the student that still works dies here, so only the newest one opens the account.
 * The student's row is locked first (db/lock-order.ts), as the link's use locks it: an issue and a use of the older
 * link run one after the other, and the older link either set the password before it was replaced or is refused.
 * Answers null for an unknown or closed account.
 */
export async function issueResetLink(
  tx: Tx,
  clock: Clock,
  userId: number,
  by: { issuedBy: (typeof RESET_ISSUERS)[number]; operatorId?: number | null },
): Promise<{ token: string; expiresAt: Date } | null> {
  const [student] = await lockStudents(tx, [userId]);
  if (!student || student.deletedAt) return null;
  const now = clock.now();
  await tx
    .update(passwordResets)
    .set({ revokedAt: now })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt), isNull(passwordResets.revokedAt)));
  // 256 random bits: a link cannot be guessed, and only its hash is stored.
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + PASSWORD_RESET_TTL_MINUTES * 60_000);
  await tx.insert(passwordResets).values({ userId, tokenHash: hashToken(token), issuedBy: by.issuedBy, operatorId: by.operatorId ?? null, expiresAt, createdAt: now });
  return { token, expiresAt };
}

/**
 * Spends a link: sets the new password and ends every session of the account, as a password change does
 * (refresh-tokens.ts changePassword) — every refresh token revoked, the token version raised so access tokens issued
 * before stop at their next request; the caller closes the open sockets (hub.endSessions) with the returned version.
 * One transaction: the student's row first, then the link is claimed by a conditional update, so of two uses of
 * one link exactly one sets its password and the other is refused; a link that is unknown, spent, replaced,
 * expired or of a closed account is refused with one message. Refresh tokens are revoked before and after the
 * version changes, so a refresh rotating at this moment is caught too (see changePassword).
 */
export async function useResetLink(ctx: { db: Db; clock: Clock }, token: string, password: string): Promise<{ userId: number; version: number }> {
  const tokenHash = hashToken(token);
  const [link] = await ctx.db.select({ userId: passwordResets.userId }).from(passwordResets).where(eq(passwordResets.tokenHash, tokenHash));
  if (!link) throw detail(400, RM.linkInvalid);
  // Hashed only for a link that exists (a made-up token costs no argon2), and outside the transaction's locks.
  const passwordHash = await hashPassword(password);
  return retryTransaction(ctx.db, async (tx) => {
    const now = ctx.clock.now();
    const [student] = await lockStudents(tx, [link.userId]);
    const [claimed] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), isNull(passwordResets.revokedAt), gt(passwordResets.expiresAt, now)))
      .returning({ id: passwordResets.id });
    if (!claimed || !student || student.deletedAt) throw detail(400, RM.linkInvalid);
    await revokeAllForUser(tx, ctx.clock, link.userId);
    const [changed] = await tx
      .update(users)
      .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, link.userId))
      .returning({ version: users.tokenVersion, username: users.username });
    await revokeAllForUser(tx, ctx.clock, link.userId);
    await liftAccountLock(tx, STUDENT_LOGIN_SCOPE, changed.username);
    return { userId: link.userId, version: changed.version };
  });
}

/** Links that expired more than a day ago: refused with or without their rows, so the sweeper deletes them. */
export async function purgeOldResetLinks(db: Db, now: Date) {
  await db.delete(passwordResets).where(sql`${passwordResets.expiresAt} < ${new Date(now.getTime() - 24 * 3_600_000)}`);
}
