import { and, count, eq, gte, isNull, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { opsDashboard } from '../../shared/ops-contract';
import type { Ctx } from '../context';
import { reports } from '../db/schema/community';
import { parties } from '../db/schema/parties';
import { users } from '../db/schema/users';
import { campusDay, DAY } from './campus-day';
import { requireOps } from './guard';
import { partySummaries } from './party-summaries';

const UPCOMING_DAYS = 7;
const LIST_LIMIT = 100;

/** The console's first screen: today's parties (cancelled ones too, so nobody wonders where one went) and the week ahead. */
export async function opsDashboardRoutes(parent: FastifyInstance, ctx: Ctx) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.get('/api/ops/dashboard/', { preValidation: requireOps(ctx), schema: { summary: "Today's numbers and what waits for an operator", response: { 200: opsDashboard } } }, async () => {
    const now = ctx.clock.now();
    const day = campusDay(now);
    const weekEnd = new Date(day.end.getTime() + UPCOMING_DAYS * DAY);
    const [today, upcoming, [verifications], [pendingReports]] = await Promise.all([
      partySummaries(ctx.db, now, and(gte(parties.startTime, day.start), lt(parties.startTime, day.end)), LIST_LIMIT),
      partySummaries(ctx.db, now, and(eq(parties.status, 'open'), gte(parties.startTime, day.end), lt(parties.startTime, weekEnd)), LIST_LIMIT),
      ctx.db.select({ n: count() }).from(users).where(and(eq(users.verificationStatus, 'pending'), isNull(users.deletedAt))),
      ctx.db.select({ n: count() }).from(reports).where(eq(reports.status, 'pending')),
    ]);
    return {
      day: day.date,
      today: today.map((p) => p.summary),
      upcoming: upcoming.map((p) => p.summary),
      pending_verifications: verifications.n,
      pending_reports: pendingReports.n,
    };
  });
}
