import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { REFRESH_TOKEN_TTL_S } from '../../shared/constants';
import type { Clock } from '../clock';
import type { Db } from '../db/connect';
import { refreshTokens } from '../db/schema/tokens';
import { users } from '../db/schema/users';

// Two tabs of one browser can both send the same refresh token a moment apart. Inside this window the late one is
// simply refused (it will pick up the tokens the other tab stored); after it, a reuse means a stolen token and the
// whole family is revoked (RFC 9700 §4.14.2).
export const REUSE_GRACE_MS = 10_000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function issueRefreshToken(db: Db, clock: Clock, userId: number, familyId: string = randomUUID()) {
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

export type RotateResult = { ok: true; userId: number; refresh: string } | { ok: false; reason: 'unknown' | 'reused' | 'revoked' | 'expired' };

export async function rotateRefreshToken(db: Db, clock: Clock, token: string): Promise<RotateResult> {
  const tokenHash = hashToken(token);
  const now = clock.now();
  // Conditional update: of two concurrent calls with one token, exactly one sees used_at still null.
  const [claimed] = await db
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

  if (claimed) {
    const [user] = await db.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, claimed.userId));
    if (!user || user.deletedAt) return { ok: false, reason: 'revoked' };
    return { ok: true, userId: claimed.userId, refresh: await issueRefreshToken(db, clock, claimed.userId, claimed.familyId) };
  }

  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.revokedAt) return { ok: false, reason: 'revoked' };
  if (row.usedAt) {
    if (now.getTime() - row.usedAt.getTime() > REUSE_GRACE_MS) await revokeFamily(db, clock, row.familyId);
    return { ok: false, reason: 'reused' };
  }
  return { ok: false, reason: 'expired' };
}

export async function revokeFamily(db: Db, clock: Clock, familyId: string) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: clock.now() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

export async function revokeAllForUser(db: Db, clock: Clock, userId: number) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: clock.now() })
    .where(and(eq(refreshTokens.userId, userId), sql`${refreshTokens.revokedAt} is null`));
}
