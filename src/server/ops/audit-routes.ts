import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refusals } from '../../shared/error-contract';
import { AUDIT_EXPORT_MAX_ROWS, opsAuditExportQuery, opsAuditQuery } from '../../shared/ops';
import { opsAuditPage } from '../../shared/ops-contract';
import type { Ctx } from '../context';
import { detail } from '../http/errors';
import { auditCsv } from './audit-csv';
import { auditRows, auditWhere } from './audit-rows';
import { opsActorOf, recordAudit } from './audit';
import { campusDay } from './campus-day';
import { requireOps } from './guard';

/** GET /api/ops/audit/: the audit log, newest first, filtered; pages go back with `before_id`. Its CSV export. */
export async function opsAuditRoutes(parent: FastifyInstance, ctx: Ctx) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const schema = {
    summary: "The operators' audit log, newest first, filtered and a page at a time",
    querystring: opsAuditQuery,
    response: { 200: opsAuditPage, ...refusals(400) },
  };
  app.get('/api/ops/audit/', { preValidation: requireOps(ctx), schema }, async (req) => {
    const q = req.query;
    // One more row than asked tells whether there is a next page.
    const rows = await auditRows(ctx.db, auditWhere(q), q.limit + 1);
    const page = rows.slice(0, q.limit);
    return { results: page, next_before_id: rows.length > q.limit ? page[page.length - 1].id : null };
  });

  const exportSchema = {
    summary: `The audit log's rows matching the filters as CSV (UTF-8 with BOM), newest first, at most ${AUDIT_EXPORT_MAX_ROWS}`,
    querystring: opsAuditExportQuery,
    produces: ['text/csv'],
    response: { 200: z.any().meta({ type: 'string', description: 'text/csv; charset=utf-8' }), ...refusals(400) },
  };
  // The file carries students' names and what was done to them: taking it out is itself an operator action, audited
  // in the same transaction as the read (no row, no file).
  app.get('/api/ops/audit/export.csv', { preValidation: requireOps(ctx), schema: exportSchema }, async (req, reply) => {
    const filters = req.query;
    const now = ctx.clock.now();
    const csv = await ctx.db.transaction(async (tx) => {
      const rows = await auditRows(tx, auditWhere(filters), AUDIT_EXPORT_MAX_ROWS + 1);
      if (rows.length > AUDIT_EXPORT_MAX_ROWS) {
        throw detail(400, `내보낼 기록이 ${AUDIT_EXPORT_MAX_ROWS.toLocaleString('ko-KR')}건을 넘습니다. 기간이나 조건을 좁혀 주세요.`);
      }
      // The log itself is the target: no row of its own has id 0.
      await recordAudit(tx, opsActorOf(req), { action: 'audit.export', targetType: 'audit_log', targetId: 0, after: { filters, rows: rows.length }, at: now });
      return auditCsv(rows);
    });
    const name = `partyon-audit-${campusDay(now).date}.csv`;
    return reply
      .header('Cache-Control', 'no-store')
      .header('Content-Disposition', `attachment; filename="${name}"`)
      .type('text/csv; charset=utf-8')
      .send(csv);
  });
}
