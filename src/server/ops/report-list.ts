import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { REPORT_CATEGORY_LABELS, type REPORT_STATUSES } from '../../shared/community';
import type { opsReport } from '../../shared/ops-contract';
import type { Db } from '../db/connect';
import { reports } from '../db/schema/community';
import { parties } from '../db/schema/parties';
import { users, warnings } from '../db/schema/users';

const reporter = alias(users, 'reporter');
const reported = alias(users, 'reported');

/**
 * A page of the reports of one status, oldest first, each with its party and both students — one query (joins and a
 * counted subquery), so a long queue costs the same round trip as a short one. `afterId` is the last report already
 * shown: the page goes on after its (created_at, id), so reports of equal time are neither skipped nor repeated, and
 * one resolved meanwhile (gone from the list) still marks where the next page starts.
 */
export async function reportRows(db: Db, status: (typeof REPORT_STATUSES)[number], afterId: number | undefined, limit: number): Promise<z.input<typeof opsReport>[]> {
  const rows = await db
    .select({
      report: reports,
      party: { title: parties.title, startTime: parties.startTime },
      reporter: { username: reporter.username, name: reporter.name },
      reported: { username: reported.username, name: reported.name },
      // Every warning the student has had, from any cause: what an operator weighs before giving one more.
      warnings: sql<number>`(select count(*)::int from ${warnings} where ${warnings.userId} = ${reports.reportedUserId})`,
    })
    .from(reports)
    .innerJoin(parties, eq(parties.id, reports.partyId))
    .innerJoin(reporter, eq(reporter.id, reports.reporterId))
    .innerJoin(reported, eq(reported.id, reports.reportedUserId))
    .where(
      and(
        eq(reports.status, status),
        afterId === undefined ? undefined : sql`(${reports.createdAt}, ${reports.id}) > (select r.created_at, r.id from ${reports} r where r.id = ${afterId})`,
      ),
    )
    .orderBy(asc(reports.createdAt), asc(reports.id))
    .limit(limit);
  return rows.map(({ report: r, ...about }) => ({
    id: r.id,
    party: r.partyId,
    reporter: r.reporterId,
    reported_user: r.reportedUserId,
    category: r.category,
    category_label: REPORT_CATEGORY_LABELS[r.category],
    content: r.content,
    status: r.status,
    created_at: r.createdAt.toISOString(),
    party_detail: { id: r.partyId, title: about.party.title, start_time: about.party.startTime.toISOString() },
    reporter_detail: { id: r.reporterId, ...about.reporter },
    reported_user_detail: { id: r.reportedUserId, ...about.reported, warnings: Number(about.warnings) },
  }));
}
