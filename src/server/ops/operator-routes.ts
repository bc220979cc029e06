import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refusals } from '../../shared/error-contract';
import { API_MESSAGES as M } from '../../shared/api-messages';
import { USERNAME_PATTERN } from '../../shared/constants';
import { opsOperatorCreate } from '../../shared/ops';
import { opsOperatorAccount } from '../../shared/ops-contract';
import { hashPassword } from '../auth/passwords';
import type { Ctx } from '../context';
import type { Tx } from '../db/connect';
import { isUniqueViolation } from '../db/pg-errors';
import { operators } from '../db/schema/operators';
import { detail, HttpError } from '../http/errors';
import { opsActorOf, recordAudit } from './audit';
import { requireOps } from './guard';
import { revokeOperatorSessions } from './operator-sessions';

const OPERATOR_NOT_FOUND = '운영자를 찾을 수 없습니다.';

/**
 * Operator accounts, managed with the server's X-Ops-Token only (`npm run ops -- operator:add|operator:disable|operator:enable`):
 * whoever holds the deployment's secret decides who operates it, and a stolen console session cannot mint more.
 */
export async function opsOperatorRoutes(parent: FastifyInstance, ctx: Ctx) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const tokenOnly = { preValidation: requireOps(ctx, 'token') };

  app.post('/api/ops/operators/', { ...tokenOnly, schema: { summary: 'Create an operator account for the console', body: opsOperatorCreate, response: { 201: opsOperatorAccount, ...refusals(400) } } }, async (req, reply) => {
    const { username, password } = req.body;
    const passwordHash = await hashPassword(password);
    const at = ctx.clock.now();
    try {
      const row = await ctx.db.transaction(async (tx) => {
        const [created] = await tx
          .insert(operators)
          .values({ username, passwordHash, createdAt: at })
          .returning({ id: operators.id, username: operators.username });
        await recordAudit(tx, opsActorOf(req), { action: 'operator.create', targetType: 'operator', targetId: created.id, after: { username }, at });
        return created;
      });
      return reply.status(201).send({ ...row, disabled_at: null, revoked_sessions: 0 });
    } catch (err) {
      if (isUniqueViolation(err, 'operators_username_key')) throw new HttpError(400, { username: [M.usernameTaken] });
      throw err;
    }
  });

  // Disabling ends every session at once; the guard also reads disabled_at on every request, so a sign-in racing
  // this is refused on its first call. Disabling twice answers the first time's disabled_at and records nothing
  // more: the audit log holds changes, not calls.
  const accountSchema = {
    params: z.object({ username: z.string().regex(USERNAME_PATTERN, OPERATOR_NOT_FOUND) }),
    response: { 200: opsOperatorAccount, ...refusals(404) },
  };
  app.post('/api/ops/operators/:username/disable/', { ...tokenOnly, schema: { summary: "Disable an operator account: its sessions end", ...accountSchema } }, async (req) => {
    const now = ctx.clock.now();
    return ctx.db.transaction(async (tx) => {
      const changed = await tx
        .update(operators)
        .set({ disabledAt: now })
        .where(and(eq(operators.username, req.params.username), isNull(operators.disabledAt)))
        .returning({ id: operators.id });
      const row = await accountOf(tx, req.params.username);
      const revoked = await revokeOperatorSessions(tx, row.id, now);
      if (changed.length > 0) {
        const after = { disabled_at: now.toISOString(), revoked_sessions: revoked };
        await recordAudit(tx, opsActorOf(req), { action: 'operator.disable', targetType: 'operator', targetId: row.id, before: { disabled_at: null }, after, at: now });
      }
      return { id: row.id, username: row.username, disabled_at: (row.disabledAt ?? now).toISOString(), revoked_sessions: revoked };
    });
  });

  // Re-enabling lets the operator sign in again with their old password; sessions ended by the disable stay ended.
  app.post('/api/ops/operators/:username/enable/', { ...tokenOnly, schema: { summary: 'Enable a disabled operator account again', ...accountSchema } }, async (req) => {
    const now = ctx.clock.now();
    return ctx.db.transaction(async (tx) => {
      const before = await accountOf(tx, req.params.username);
      if (before.disabledAt) {
        await tx.update(operators).set({ disabledAt: null }).where(eq(operators.id, before.id));
        const audit = { before: { disabled_at: before.disabledAt.toISOString() }, after: { disabled_at: null } };
        await recordAudit(tx, opsActorOf(req), { action: 'operator.enable', targetType: 'operator', targetId: before.id, ...audit, at: now });
      }
      return { id: before.id, username: before.username, disabled_at: null, revoked_sessions: 0 };
    });
  });

  // Locks the row, so a disable and an enable of the same account take turns.
  async function accountOf(tx: Tx, username: string) {
    const [row] = await tx
      .select({ id: operators.id, username: operators.username, disabledAt: operators.disabledAt })
      .from(operators)
      .where(eq(operators.username, username))
      .for('update');
    if (!row) throw detail(404, OPERATOR_NOT_FOUND);
    return row;
  }
}
