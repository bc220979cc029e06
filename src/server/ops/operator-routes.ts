import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refusals } from '../../shared/error-contract';
import { API_MESSAGES as M } from '../../shared/api-messages';
import { USERNAME_PATTERN } from '../../shared/constants';
import { opsOperatorAdmin, opsOperatorCreate, opsOperatorPassword } from '../../shared/ops';
import { opsOperatorAccount, opsOperatorList, opsOperatorRow } from '../../shared/ops-contract';
import { hashPassword } from '../auth/passwords';
import type { Ctx } from '../context';
import type { Tx } from '../db/connect';
import { isUniqueViolation } from '../db/pg-errors';
import { operators } from '../db/schema/operators';
import { detail, HttpError } from '../http/errors';
import { opsActorOf, recordAudit } from './audit';
import { requireOps } from './guard';
import { revokeOperatorSessions } from './operator-sessions';
import { liftAccountLock, OPERATOR_LOGIN_SCOPE } from '../auth/account-lockout';

const OPERATOR_NOT_FOUND = '운영자를 찾을 수 없습니다.';

const rowColumns = {
  id: operators.id,
  username: operators.username,
  isAdmin: operators.isAdmin,
  createdAt: operators.createdAt,
  disabledAt: operators.disabledAt,
  lastSignedInAt: operators.lastSignedInAt,
};
type OperatorRow = { id: number; username: string; isAdmin: boolean; createdAt: Date; disabledAt: Date | null; lastSignedInAt: Date | null };

const rowAnswer = (r: OperatorRow) => ({
  id: r.id,
  username: r.username,
  is_admin: r.isAdmin,
  created_at: r.createdAt.toISOString(),
  disabled_at: r.disabledAt?.toISOString() ?? null,
  last_signed_in_at: r.lastSignedInAt?.toISOString() ?? null,
});

/** The account a request acts on is the admin's own: they may not lock themself (and the console) out. */
const isSelf = (req: FastifyRequest, operatorId: number) => req.opsSession?.operatorId === operatorId;

/**
 * Operator accounts, managed with the server's X-Ops-Token (`npm run ops -- operator:…`) or by an admin operator in
 * the console (issue 33): whoever holds the deployment's secret decides who the admins are, and a non-admin's
 * session, stolen or not, cannot mint more operators. An admin cannot disable or demote themself, so the console
 * always keeps the admin who is using it; the token can do both.
 */
export async function opsOperatorRoutes(parent: FastifyInstance, ctx: Ctx) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const adminOnly = { preValidation: requireOps(ctx, 'admin') };

  app.get('/api/ops/operators/', { ...adminOnly, schema: { summary: 'The operator accounts, oldest first', response: { 200: opsOperatorList, ...refusals(403) } } }, async () => {
    const rows = await ctx.db.select(rowColumns).from(operators).orderBy(asc(operators.id));
    return { results: rows.map(rowAnswer) };
  });

  app.post('/api/ops/operators/', { ...adminOnly, schema: { summary: 'Create an operator account for the console', body: opsOperatorCreate, response: { 201: opsOperatorAccount, ...refusals(400, 403) } } }, async (req, reply) => {
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

  const params = z.object({ username: z.string().regex(USERNAME_PATTERN, OPERATOR_NOT_FOUND) });
  const accountSchema = { params, response: { 200: opsOperatorAccount, ...refusals(403, 404, 409) } };

  // Disabling ends every session at once; the guard also reads disabled_at on every request, so a sign-in racing
  // this is refused on its first call. Disabling twice answers the first time's disabled_at and records nothing
  // more: the audit log holds changes, not calls.
  app.post('/api/ops/operators/:username/disable/', { ...adminOnly, schema: { summary: 'Disable an operator account: its sessions end', ...accountSchema } }, async (req) => {
    const now = ctx.clock.now();
    return ctx.db.transaction(async (tx) => {
      const row = await accountOf(tx, req.params.username);
      if (isSelf(req, row.id)) throw detail(409, M.opsSelfDisable);
      const changed = await tx
        .update(operators)
        .set({ disabledAt: now })
        .where(and(eq(operators.id, row.id), isNull(operators.disabledAt)))
        .returning({ id: operators.id });
      const revoked = await revokeOperatorSessions(tx, row.id, now);
      if (changed.length > 0) {
        const after = { disabled_at: now.toISOString(), revoked_sessions: revoked };
        await recordAudit(tx, opsActorOf(req), { action: 'operator.disable', targetType: 'operator', targetId: row.id, before: { disabled_at: null }, after, at: now });
      }
      return { id: row.id, username: row.username, disabled_at: (row.disabledAt ?? now).toISOString(), revoked_sessions: revoked };
    });
  });

  // Re-enabling lets the operator sign in again with their old password; sessions ended by the disable stay ended.
  app.post('/api/ops/operators/:username/enable/', { ...adminOnly, schema: { summary: 'Enable a disabled operator account again', ...accountSchema } }, async (req) => {
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

  // The admin types the new initial password and tells the operator, as with a new account: nothing is shown
  // that a shoulder or a screenshot could keep. Whoever had the old one is signed out everywhere; an admin
  // resetting their own keeps the session they are using. The audit row says that it changed, never the password.
  app.post(
    '/api/ops/operators/:username/password/',
    { ...adminOnly, schema: { summary: "Set an operator's password: their other sessions end", params, body: opsOperatorPassword, response: { 200: opsOperatorAccount, ...refusals(400, 403, 404) } } },
    async (req) => {
      const passwordHash = await hashPassword(req.body.password);
      const now = ctx.clock.now();
      return ctx.db.transaction(async (tx) => {
        const row = await accountOf(tx, req.params.username);
        await tx.update(operators).set({ passwordHash }).where(eq(operators.id, row.id));
        await liftAccountLock(tx, OPERATOR_LOGIN_SCOPE, row.username);
        const revoked = await revokeOperatorSessions(tx, row.id, now, isSelf(req, row.id) ? req.opsSession?.sessionId : undefined);
        await recordAudit(tx, opsActorOf(req), { action: 'operator.password', targetType: 'operator', targetId: row.id, after: { revoked_sessions: revoked }, at: now });
        return { id: row.id, username: row.username, disabled_at: row.disabledAt?.toISOString() ?? null, revoked_sessions: revoked };
      });
    },
  );

  // `npm run ops -- operator:admin NAME [--remove]`. Giving the role twice records one change.
  app.post(
    '/api/ops/operators/:username/admin/',
    { ...adminOnly, schema: { summary: 'Give or take the admin role (managing operators)', params, body: opsOperatorAdmin, response: { 200: opsOperatorRow, ...refusals(400, 403, 404, 409) } } },
    async (req) => {
      const now = ctx.clock.now();
      const { admin } = req.body;
      return ctx.db.transaction(async (tx) => {
        const row = await accountOf(tx, req.params.username);
        if (!admin && isSelf(req, row.id)) throw detail(409, M.opsSelfDemote);
        if (row.isAdmin !== admin) {
          await tx.update(operators).set({ isAdmin: admin }).where(eq(operators.id, row.id));
          const audit = { before: { is_admin: row.isAdmin }, after: { is_admin: admin } };
          await recordAudit(tx, opsActorOf(req), { action: 'operator.admin', targetType: 'operator', targetId: row.id, ...audit, at: now });
        }
        return rowAnswer({ ...row, isAdmin: admin });
      });
    },
  );

  // Locks the row, so two changes to the same account take turns.
  async function accountOf(tx: Tx, username: string) {
    const [row] = await tx.select(rowColumns).from(operators).where(eq(operators.username, username)).for('update');
    if (!row) throw detail(404, OPERATOR_NOT_FOUND);
    return row;
  }
}
