import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUDIT_ACTION_LABELS } from '../../shared/audit';
import { opsAuditQuery } from '../../shared/ops';
import { opsAuditPage } from '../../shared/ops-contract';
import type { Ctx } from '../context';
import { auditLog } from '../db/schema/audit';
import { requireOps } from './guard';

/** GET /api/ops/audit/: the audit log, newest first, filtered; pages go back with `before_id`. */
export async function opsAuditRoutes(parent: FastifyInstance, ctx: Ctx) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const schema = { summary: "The operators' audit log, newest first, filtered and a page at a time", querystring: opsAuditQuery, response: { 200: opsAuditPage } };
  app.get('/api/ops/audit/', { preValidation: requireOps(ctx), schema }, async (req) => {
    const q = req.query;
    const where: SQL[] = [];
    if (q.action) where.push(eq(auditLog.action, q.action));
    if (q.target_type) where.push(eq(auditLog.targetType, q.target_type));
    if (q.target_id) where.push(eq(auditLog.targetId, q.target_id));
    if (q.operator_id) where.push(eq(auditLog.operatorId, q.operator_id));
    if (q.actor) where.push(eq(auditLog.actor, q.actor));
    if (q.after) where.push(gte(auditLog.createdAt, new Date(q.after)));
    if (q.before) where.push(lt(auditLog.createdAt, new Date(q.before)));
    if (q.before_id) where.push(lt(auditLog.id, q.before_id));
    // By id, not by time: ids follow insertion, so the cursor never skips or repeats a row of equal time.
    // One more row than asked tells whether there is a next page.
    const rows = await ctx.db
      .select()
      .from(auditLog)
      .where(and(...where))
      .orderBy(desc(auditLog.id))
      .limit(q.limit + 1);
    const page = rows.slice(0, q.limit);
    return {
      results: page.map((r) => ({
        id: r.id,
        operator_id: r.operatorId,
        actor: r.actor,
        action: r.action,
        action_label: AUDIT_ACTION_LABELS[r.action],
        target_type: r.targetType,
        target_id: r.targetId,
        before: r.before,
        after: r.after,
        created_at: r.createdAt.toISOString(),
      })),
      next_before_id: rows.length > q.limit ? page[page.length - 1].id : null,
    };
  });
}
