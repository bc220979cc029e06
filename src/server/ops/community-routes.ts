import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { REPORT_CATEGORY_LABELS, type ReportCategory } from '../../shared/community';
import type { Ctx } from '../context';
import { reports } from '../db/schema/community';
import { users, warnings } from '../db/schema/users';
import { detail, HttpError } from '../http/errors';
import { idParam } from '../http/params';
import { NOTICE } from '../notice/messages';
import { notify } from '../notice/notify';
import { applyPoints, InsufficientPointsError } from '../points/ledger';
import { requireOps } from './guard';

const resolveInput = z.object({ action: z.enum(['warn', 'dismiss'], { error: 'action은 warn 또는 dismiss입니다.' }) });
const pointsInput = z.object({
  amount: z.number().int().refine((n) => n !== 0, '0이 아닌 정수여야 합니다.'),
  reason: z.string().trim().min(1, '사유를 입력해 주세요.').max(200),
});

export async function opsCommunityRoutes(app: FastifyInstance, ctx: Ctx) {
  const ops = { preValidation: requireOps(ctx) };

  app.get('/api/ops/reports/', ops, async (req) => {
    const status = (req.query as { status?: string }).status ?? 'pending';
    const rows = await ctx.db.select().from(reports).where(eq(reports.status, status)).orderBy(asc(reports.createdAt));
    return rows.map((r) => ({
      id: r.id,
      party: r.partyId,
      reporter: r.reporterId,
      reported_user: r.reportedUserId,
      category: r.category,
      category_label: REPORT_CATEGORY_LABELS[r.category as ReportCategory],
      content: r.content,
      status: r.status,
      created_at: r.createdAt.toISOString(),
    }));
  });

  // Confirming a report gives the reported student one warning (once, however often it is resolved) and tells them.
  app.post('/api/ops/reports/:id/resolve/', ops, async (req) => {
    const id = idParam(req.params, 'id', '신고를 찾을 수 없습니다.');
    const { action } = resolveInput.parse(req.body ?? {});
    const now = ctx.clock.now();
    return ctx.db.transaction(async (tx) => {
      const [report] = await tx
        .update(reports)
        .set({ status: action === 'warn' ? 'confirmed' : 'dismissed', resolvedAt: now })
        .where(and(eq(reports.id, id), eq(reports.status, 'pending')))
        .returning();
      if (!report) {
        const [exists] = await tx.select({ status: reports.status }).from(reports).where(eq(reports.id, id));
        if (!exists) throw detail(404, '신고를 찾을 수 없습니다.');
        throw detail(409, '이미 처리된 신고입니다.');
      }
      if (action === 'warn') {
        const reason = `신고 확인 (${REPORT_CATEGORY_LABELS[report.category as ReportCategory]})`;
        const [w] = await tx
          .insert(warnings)
          .values({ userId: report.reportedUserId, reason, causeKey: `report:${report.id}`, createdAt: now })
          .onConflictDoNothing()
          .returning({ id: warnings.id });
        if (w) {
          await notify(tx, { userId: report.reportedUserId, kind: 'warning', message: NOTICE.warning(reason), partyId: report.partyId, dedupeKey: `warning:${w.id}`, at: now });
        }
      }
      return { id: report.id, status: report.status };
    });
  });

  app.post('/api/ops/users/:id/points/', ops, async (req) => {
    const userId = idParam(req.params, 'id', '회원을 찾을 수 없습니다.');
    const body = pointsInput.parse(req.body ?? {});
    const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!user) throw detail(404, '회원을 찾을 수 없습니다.');
    try {
      const balance = await ctx.db.transaction((tx) =>
        applyPoints(tx, { userId, amount: body.amount, kind: 'operator_grant', reason: body.reason, at: ctx.clock.now() }),
      );
      return { user: userId, points: balance };
    } catch (err) {
      if (err instanceof InsufficientPointsError) throw new HttpError(400, { amount: ['포인트는 0 아래로 내려갈 수 없습니다.'] });
      throw err;
    }
  });

  // Student cards are private: only this operator endpoint ever reads them.
  app.get('/api/ops/users/:id/student-card/', ops, async (req, reply) => {
    const userId = idParam(req.params, 'id', '회원을 찾을 수 없습니다.');
    const [user] = await ctx.db.select({ card: users.studentCardPath }).from(users).where(eq(users.id, userId));
    if (!user?.card) throw detail(404, '학생증 사진이 없습니다.');
    const bytes = await ctx.storage.readPrivate(user.card);
    return reply.header('Cache-Control', 'no-store').type('image/jpeg').send(bytes);
  });
}
