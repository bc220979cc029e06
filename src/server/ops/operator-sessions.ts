import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, ne, or } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Db, Tx } from '../db/connect';
import { operators, operatorSessions } from '../db/schema/operators';

// Console sign-ins are short (README "Operators"): an operator can cancel parties and move points, and the console
// is opened on shared laptops and phones. A session ends after OPS_SESSION_IDLE_MS without a request, or
// OPS_SESSION_MAX_MS after sign-in, whichever comes first; logout and disabling the operator end it at once.
const OPS_SESSION_IDLE_MS = 30 * 60_000;
const OPS_SESSION_MAX_MS = 12 * 3_600_000;
// last_used_at is written at most this often, so a console polling every few seconds does not write on every
// request. The idle end is therefore counted from a use at most this much older than the last one.
const TOUCH_EVERY_MS = 60_000;

// Recognisable in a log line, a leaked file or a secret scanner, and never mistaken for a student's JWT.
export const OPS_SESSION_PREFIX = 'ops_';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface OperatorSession {
  sessionId: number;
  operatorId: number;
  username: string;
  /** May manage the other operators (read with the session on every request). */
  isAdmin: boolean;
  /** The absolute end (sign-in + 12 h); idleness may end it sooner. */
  expiresAt: Date;
}

/** A new sign-in: the token goes to the browser once, only its hash is kept. The console's 운영자 list shows when. */
export async function openOperatorSession(db: Db, clock: Clock, operatorId: number) {
  const token = OPS_SESSION_PREFIX + randomBytes(32).toString('base64url');
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + OPS_SESSION_MAX_MS);
  await db.transaction(async (tx) => {
    await tx.insert(operatorSessions).values({ operatorId, tokenHash: hashToken(token), lastUsedAt: now, expiresAt, createdAt: now });
    await tx.update(operators).set({ lastSignedInAt: now }).where(eq(operators.id, operatorId));
  });
  return { token, expiresAt };
}

/**
 * The live session a token stands for, or null: unknown, revoked, idle too long, past its end, or its operator
 * disabled. The operator row is read on every request, so a disable that races a sign-in still ends the session
 * it lets through. Looked up by hash through a unique index: no secret is compared in our code.
 */
export async function readOperatorSession(db: Db, clock: Clock, token: string): Promise<OperatorSession | null> {
  if (!token.startsWith(OPS_SESSION_PREFIX)) return null;
  const now = clock.now();
  const [row] = await db
    .select({
      sessionId: operatorSessions.id,
      operatorId: operators.id,
      username: operators.username,
      isAdmin: operators.isAdmin,
      lastUsedAt: operatorSessions.lastUsedAt,
      expiresAt: operatorSessions.expiresAt,
      revokedAt: operatorSessions.revokedAt,
      disabledAt: operators.disabledAt,
    })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(eq(operatorSessions.tokenHash, hashToken(token)));
  if (!row || row.revokedAt || row.disabledAt) return null;
  const idleFor = now.getTime() - row.lastUsedAt.getTime();
  if (now >= row.expiresAt || idleFor >= OPS_SESSION_IDLE_MS) return null;
  if (idleFor >= TOUCH_EVERY_MS) {
    // Conditional, so of several requests arriving together only one writes.
    const stale = new Date(now.getTime() - TOUCH_EVERY_MS);
    await db
      .update(operatorSessions)
      .set({ lastUsedAt: now })
      .where(and(eq(operatorSessions.id, row.sessionId), lt(operatorSessions.lastUsedAt, stale)));
  }
  return { sessionId: row.sessionId, operatorId: row.operatorId, username: row.username, isAdmin: row.isAdmin, expiresAt: row.expiresAt };
}

/** Logout. */
export async function revokeOperatorSession(db: Db, clock: Clock, sessionId: number) {
  await db
    .update(operatorSessions)
    .set({ revokedAt: clock.now() })
    .where(and(eq(operatorSessions.id, sessionId), isNull(operatorSessions.revokedAt)));
}

/** Every live session of an operator (when it is disabled or its password is reset), but `keep` (the admin's own). */
export async function revokeOperatorSessions(tx: Tx, operatorId: number, now: Date, keep?: number) {
  const revoked = await tx
    .update(operatorSessions)
    .set({ revokedAt: now })
    .where(and(eq(operatorSessions.operatorId, operatorId), isNull(operatorSessions.revokedAt), keep === undefined ? undefined : ne(operatorSessions.id, keep)))
    .returning({ id: operatorSessions.id });
  return revoked.length;
}

/**
 * Deletes sessions ended more than a day ago (expired, idle, logged out or revoked): an ended session's token is
 * refused whether its row is there or not, and the table would otherwise grow with every sign-in. The day's grace
 * keeps recent ones for anyone looking into a sign-in problem.
 */
export async function purgeEndedOperatorSessions(db: Db, now: Date) {
  const dayAgo = new Date(now.getTime() - 24 * 3_600_000);
  const idleBefore = new Date(dayAgo.getTime() - OPS_SESSION_IDLE_MS);
  await db
    .delete(operatorSessions)
    .where(or(lt(operatorSessions.expiresAt, dayAgo), lt(operatorSessions.revokedAt, dayAgo), lt(operatorSessions.lastUsedAt, idleBefore)));
}
