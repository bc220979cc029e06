import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { verifyPassword } from '../../auth/passwords';
import { revokeAllForUser } from '../../auth/refresh-tokens';
import type { Ctx } from '../../context';
import { revokeOperatorSessions } from '../../ops/operator-sessions';
import { lockStudents } from '../lock-order';
import { retryTransaction } from '../retry-transaction';
import { operators } from '../schema/operators';
import { users } from '../schema/users';
import { DEMO_OPERATOR, DEMO_PASSWORD, DEMO_STUDENTS } from './demo-people';

interface Logger {
  error(obj: object, msg: string): void;
}

/**
 * The demo campus's accounts sign in with the password the README publishes. A database the demo seed once filled
 * (a trial run that became the real one) would let anyone in as those students and as the console's operator, so a
 * production start disables every demo account that still holds that password, and says so loudly: the students lose
 * their password (nobody can sign in as them), the operator is disabled, and every session of either ends at once.
 * An account whose password was changed is someone's now and is left alone.
 */
export async function lockOutDemoAccounts(ctx: Pick<Ctx, 'db' | 'clock' | 'hub'>, log: Logger) {
  const students = await withDemoPassword(
    await ctx.db
      .select({ id: users.id, hash: users.passwordHash })
      .from(users)
      .where(and(inArray(users.username, DEMO_STUDENTS.map((s) => s.username)), isNull(users.deletedAt)))
      // The log names them in a fixed order: PostgreSQL returns rows in the order they sit on disk, which an update moves.
      .orderBy(users.id),
  );
  const operator = await withDemoPassword(
    await ctx.db
      .select({ id: operators.id, hash: operators.passwordHash })
      .from(operators)
      .where(and(eq(operators.username, DEMO_OPERATOR), isNull(operators.disabledAt))),
  );
  if (!students.length && !operator.length) return;
  const now = ctx.clock.now();
  const ended = await retryTransaction(ctx.db, async (tx) => {
    // As a password change does (refresh-tokens.ts): the student's row first, tokens revoked before and after the
    // version goes up, so a refresh rotating meanwhile on another instance leaves no session behind. The hash must be
    // the one found above: a password changed in between is the owner's.
    await lockStudents(tx, students.map((s) => s.id));
    const disabled = [];
    for (const s of students) {
      await revokeAllForUser(tx, ctx.clock, s.id);
      const [row] = await tx
        .update(users)
        .set({ passwordHash: null, tokenVersion: sql`${users.tokenVersion} + 1` })
        .where(and(eq(users.id, s.id), eq(users.passwordHash, s.hash)))
        .returning({ id: users.id, username: users.username, version: users.tokenVersion });
      await revokeAllForUser(tx, ctx.clock, s.id);
      if (row) disabled.push(row);
    }
    const ops = [];
    for (const o of operator) {
      const [row] = await tx
        .update(operators)
        .set({ disabledAt: now })
        .where(and(eq(operators.id, o.id), isNull(operators.disabledAt), eq(operators.passwordHash, o.hash)))
        .returning({ id: operators.id, username: operators.username });
      if (!row) continue;
      await revokeOperatorSessions(tx, row.id, now);
      ops.push(row);
    }
    return { students: disabled, operators: ops };
  });
  // Open lobby and game sockets too, on every instance (through the bus), as after a password change.
  for (const s of ended.students) await ctx.hub.endSessions(s.id, s.version);
  const accounts = [...ended.students, ...ended.operators].map((a) => a.username);
  if (accounts.length) {
    log.error(
      { accounts },
      `SECURITY: demo accounts still had the published demo password and are now disabled, their sessions ended: ${accounts.join(', ')}. ` +
        'Operators: npm run ops -- operator:add <name> for a real account.',
    );
  }
}

/** The rows whose password is still the demo one (argon2: one check each, at start only). */
async function withDemoPassword(rows: { id: number; hash: string | null }[]) {
  const found: { id: number; hash: string }[] = [];
  for (const row of rows) if (row.hash && (await verifyPassword(row.hash, DEMO_PASSWORD))) found.push({ id: row.id, hash: row.hash });
  return found;
}
