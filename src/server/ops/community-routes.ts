import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refusals } from '../../shared/error-contract';
import { REPORT_CATEGORY_LABELS, REPORT_STATUSES } from '../../shared/community';
import { idParam } from '../../shared/id-schema';
import { opsPointsGranted, opsReportPage, opsReportResolved } from '../../shared/ops-contract';
import { CARD_SUBMITTED_AT_HEADER, opsReportListQuery } from '../../shared/ops';
import { POINTS_REASON_MAX } from '../../shared/points';
import type { Ctx } from '../context';
import { reports } from '../db/schema/community';
import { users, warnings } from '../db/schema/users';
import { detail, HttpError } from '../http/errors';
import { NOTICE } from '../notice/messages';
import { notify } from '../notice/notify';
import { applyPoints, InsufficientPointsError } from '../points/ledger';
import { opsActorOf, recordAudit } from './audit';
import { requireOps } from './guard';
import { reportRows } from './report-list';

const resolveInput = z.object({ action: z.enum(['warn', 'dismiss'], { error: 'action은 warn 또는 dismiss입니다.' }) });
const pointsInput = z.object({
  amount: z.number().int().refine((n) => n !== 0, '0이 아닌 정수여야 합니다.'),
  reason: z.string().trim().min(1, '사유를 입력해 주세요.').max(POINTS_REASON_MAX, `사유는 ${POINTS_REASON_MAX}자까지 쓸 수 있습니다.`),
});

const REPORT_NOT_FOUND = '신고를 찾을 수 없습니다.';
const USER_NOT_FOUND = '회원을 찾을 수 없습니다.';

export async function opsCommunityRoutes(parent: FastifyInstance, ctx: Ctx) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const ops = { preValidation: requireOps(ctx) };
  const userPath = z.object({ id: idParam(USER_NOT_FOUND) });

  const listSchema = { summary: 'Reports by status, oldest first, a page at a time', querystring: opsReportListQuery, response: { 200: opsReportPage, ...refusals(400) } };
  app.get('/api/ops/reports/', { ...ops, schema: listSchema }, async (req) => {
    const { after_id: afterId, limit } = req.query;
    const status = REPORT_STATUSES.find((s) => s === req.query.status);
    if (!status) return { results: [], next_after_id: null };
    // One more row than asked tells whether there is a next page.
    const rows = await reportRows(ctx.db, status, afterId, limit + 1);
    const page = rows.slice(0, limit);
    return { results: page, next_after_id: rows.length > limit ? page[page.length - 1].id : null };
  });

  // Confirming a report gives the reported student one warning (once, however often it is resolved) and tells them.
  const resolveSchema = {
    summary: 'Confirm a report (the student gets a warning) or dismiss it',
    params: z.object({ id: idParam(REPORT_NOT_FOUND) }),
    body: resolveInput,
    response: { 200: opsReportResolved, ...refusals(404, 409) },
  };
  app.post('/api/ops/reports/:id/resolve/', { ...ops, schema: resolveSchema }, async (req) => {
    const { id } = req.params;
    const { action } = req.body;
    const now = ctx.clock.now();
    const status = action === 'warn' ? 'confirmed' : 'dismissed';
    return ctx.db.transaction(async (tx) => {
      const [report] = await tx
        .update(reports)
        .set({ status, resolvedAt: now })
        .where(and(eq(reports.id, id), eq(reports.status, 'pending')))
        .returning();
      if (!report) {
        const [exists] = await tx.select({ status: reports.status }).from(reports).where(eq(reports.id, id));
        if (!exists) throw detail(404, REPORT_NOT_FOUND);
        throw detail(409, '이미 처리된 신고입니다.');
      }
      if (action === 'warn') {
        const reason = `신고 확인 (${REPORT_CATEGORY_LABELS[report.category]})`;
        const [w] = await tx
          .insert(warnings)
          .values({ userId: report.reportedUserId, reason, causeKey: `report:${report.id}`, createdAt: now })
          .onConflictDoNothing()
          .returning({ id: warnings.id });
        if (w) {
          await notify(tx, { userId: report.reportedUserId, kind: 'warning', message: NOTICE.warning(reason), partyId: report.partyId, dedupeKey: `warning:${w.id}`, at: now });
        }
      }
      const after = { status, ...(action === 'warn' ? { warned_user: report.reportedUserId } : {}) };
      await recordAudit(tx, opsActorOf(req), { action: 'report.resolve', targetType: 'report', targetId: id, before: { status: 'pending' }, after, at: now });
      return { id: report.id, status };
    });
  });

  const pointsSchema = { summary: "Grant or take a student's points, through the ledger", params: userPath, body: pointsInput, response: { 200: opsPointsGranted, ...refusals(400, 404) } };
  app.post('/api/ops/users/:id/points/', { ...ops, schema: pointsSchema }, async (req) => {
    const { id: userId } = req.params;
    const { body } = req;
    const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!user) throw detail(404, USER_NOT_FOUND);
    try {
      const at = ctx.clock.now();
      const balance = await ctx.db.transaction(async (tx) => {
        const points = await applyPoints(tx, { userId, amount: body.amount, kind: 'operator_grant', reason: body.reason, at });
        const audit = { before: { points: points - body.amount }, after: { points, reason: body.reason } };
        await recordAudit(tx, opsActorOf(req), { action: 'points.grant', targetType: 'user', targetId: userId, ...audit, at });
        return points;
      });
      return { user: userId, points: balance };
    } catch (err) {
      if (err instanceof InsufficientPointsError) throw new HttpError(400, { amount: ['포인트는 0 아래로 내려갈 수 없습니다.'] });
      throw err;
    }
  });

  // Student cards are private: only this operator endpoint ever reads them.
  // A JPEG, not JSON: the bytes are sent as they are (Fastify never serialises a Buffer); the schema only tells the
  // API description what comes back.
  const cardSchema = {
    summary: "A student's card photo",
    params: userPath,
    produces: ['image/jpeg'],
    response: { 200: z.any().meta({ type: 'string', format: 'binary' }), ...refusals(404) },
  };
  // `Card-Submitted-At` names the card these bytes are, read with its key: what a decision on it must send
  // (`npm run ops -- student-card` prints it), so a card replaced after the download is refused, not decided unseen.
  app.get('/api/ops/users/:id/student-card/', { ...ops, schema: cardSchema }, async (req, reply) => {
    const { id: userId } = req.params;
    const [user] = await ctx.db.select({ card: users.studentCardPath, submittedAt: users.cardSubmittedAt }).from(users).where(eq(users.id, userId));
    const bytes = user?.card ? await ctx.storage.readPrivate(user.card) : null;
    if (!bytes) throw detail(404, '학생증 사진이 없습니다.');
    if (user?.submittedAt) reply.header(CARD_SUBMITTED_AT_HEADER, user.submittedAt.toISOString());
    return reply.header('Cache-Control', 'no-store').type('image/jpeg').send(bytes);
  });
}
