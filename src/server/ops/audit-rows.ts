import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { AUDIT_ACTION_LABELS, type AuditTarget } from '../../shared/audit';
import { REPORT_CATEGORY_LABELS } from '../../shared/community';
import type { OpsAuditFilters } from '../../shared/ops';
import type { opsAuditPage } from '../../shared/ops-contract';
import type { Db, Tx } from '../db/connect';
import { auditLog } from '../db/schema/audit';
import { reports } from '../db/schema/community';
import { operators } from '../db/schema/operators';
import { participations, parties } from '../db/schema/parties';
import { places } from '../db/schema/places';
import { privacyPolicies } from '../db/schema/privacy';
import { users } from '../db/schema/users';
import { DAY } from './campus-day';

export type AuditEntry = z.input<typeof opsAuditPage>['results'][number];

// Campus days are Seoul's, whose offset is fixed (no daylight saving time since 1988).
const seoulMidnight = (day: string) => new Date(`${day}T00:00:00+09:00`);

/** The WHERE of the audit log's filters, shared by its pages and its export so both pick the same rows. */
export function auditWhere(q: OpsAuditFilters & { before_id?: number }): SQL | undefined {
  const where: SQL[] = [];
  if (q.action) where.push(eq(auditLog.action, q.action));
  if (q.target_type) where.push(eq(auditLog.targetType, q.target_type));
  if (q.target_id) where.push(eq(auditLog.targetId, q.target_id));
  if (q.operator_id) where.push(eq(auditLog.operatorId, q.operator_id));
  if (q.actor) where.push(eq(auditLog.actor, q.actor));
  if (q.after) where.push(gte(auditLog.createdAt, new Date(q.after)));
  if (q.before) where.push(lt(auditLog.createdAt, new Date(q.before)));
  if (q.from) where.push(gte(auditLog.createdAt, seoulMidnight(q.from)));
  // `to` is a whole day: everything before the next day's midnight.
  if (q.to) where.push(lt(auditLog.createdAt, new Date(seoulMidnight(q.to).getTime() + DAY)));
  if (q.before_id) where.push(lt(auditLog.id, q.before_id));
  return and(...where);
}

const targetUser = alias(users, 'target_user');
const targetParty = alias(parties, 'target_party');
const reportedUser = alias(users, 'reported_user');
const seat = alias(participations, 'target_participation');
const seatParty = alias(parties, 'seat_party');
const seatUser = alias(users, 'seat_user');
const targetOperator = alias(operators, 'target_operator');

const isTarget = (type: AuditTarget, key: AnyPgColumn) => and(eq(auditLog.targetType, type), eq(key, auditLog.targetId));

/**
 * Audit rows, newest first, each with what its target is called now — one query: every kind of target is a left
 * join on (target_type, target_id), so a page of 50 rows costs one round trip however many kinds it mixes.
 */
export async function auditRows(db: Db | Tx, where: SQL | undefined, limit: number): Promise<AuditEntry[]> {
  const rows = await db
    .select({
      entry: auditLog,
      user: { name: targetUser.name, username: targetUser.username, deletedAt: targetUser.deletedAt },
      party: { title: targetParty.title },
      place: { name: places.name },
      report: { status: reports.status, category: reports.category, reported: reportedUser.name },
      seat: { partyId: seat.partyId, title: seatParty.title, name: seatUser.name, username: seatUser.username },
      operator: { username: targetOperator.username },
      policy: { effectiveDate: privacyPolicies.effectiveDate },
    })
    .from(auditLog)
    .leftJoin(targetUser, isTarget('user', targetUser.id))
    .leftJoin(targetParty, isTarget('party', targetParty.id))
    .leftJoin(places, isTarget('place', places.id))
    .leftJoin(reports, isTarget('report', reports.id))
    .leftJoin(reportedUser, eq(reportedUser.id, reports.reportedUserId))
    .leftJoin(seat, isTarget('participation', seat.id))
    .leftJoin(seatParty, eq(seatParty.id, seat.partyId))
    .leftJoin(seatUser, eq(seatUser.id, seat.userId))
    .leftJoin(targetOperator, isTarget('operator', targetOperator.id))
    .leftJoin(privacyPolicies, isTarget('privacy_policy', privacyPolicies.version))
    .where(where)
    // By id, not by time: ids follow insertion, so the cursor never skips or repeats a row of equal time.
    .orderBy(desc(auditLog.id))
    .limit(limit);
  return rows.map(({ entry: r, ...about }) => ({
    id: r.id,
    operator_id: r.operatorId,
    actor: r.actor,
    action: r.action,
    action_label: AUDIT_ACTION_LABELS[r.action],
    target_type: r.targetType,
    target_id: r.targetId,
    target_detail: targetDetail(r.targetType, r.targetId, about),
    before: r.before,
    after: r.after,
    created_at: r.createdAt.toISOString(),
  }));
}

/** What one joined row holds besides the audit row itself (each part null unless the row's target is of its kind). */
interface Joined {
  user: { name: string | null; username: string | null; deletedAt: Date | null } | null;
  party: { title: string | null } | null;
  place: { name: string | null } | null;
  report: { status: string | null; category: keyof typeof REPORT_CATEGORY_LABELS | null; reported: string | null } | null;
  seat: { partyId: number | null; title: string | null; name: string | null; username: string | null } | null;
  operator: { username: string | null } | null;
  policy: { effectiveDate: string | null } | null;
}

const GONE = { path: null, gone: true };
const student = (name: string, username: string) => `${name} (@${username})`;

/** The target by name, with its console page; a row that is no more (or a withdrawn student) says so. */
function targetDetail(type: AuditEntry['target_type'], id: number, j: Joined): AuditEntry['target_detail'] {
  switch (type) {
    case 'user':
      if (!j.user?.name || !j.user.username) return { name: `#${id} (없음)`, ...GONE };
      if (j.user.deletedAt) return { name: `탈퇴한 회원 #${id}`, path: `/users/${id}`, gone: true };
      return { name: student(j.user.name, j.user.username), path: `/users/${id}`, gone: false };
    case 'party':
      return j.party?.title ? { name: j.party.title, path: `/parties/${id}`, gone: false } : { name: `#${id} (없음)`, ...GONE };
    case 'place':
      return j.place?.name ? { name: j.place.name, path: '/places', gone: false } : { name: `#${id} (없음)`, ...GONE };
    case 'report': {
      if (!j.report?.status || !j.report.category) return { name: `#${id} (없음)`, ...GONE };
      const path = j.report.status === 'pending' ? '/reports' : `/reports?status=${j.report.status}`;
      return { name: `#${id} ${j.report.reported ?? ''} · ${REPORT_CATEGORY_LABELS[j.report.category]}`, path, gone: false };
    }
    case 'participation':
      if (!j.seat?.partyId || !j.seat.name || !j.seat.username) return { name: `#${id} (없음)`, ...GONE };
      return { name: `${student(j.seat.name, j.seat.username)} · ${j.seat.title ?? ''}`, path: `/parties/${j.seat.partyId}`, gone: false };
    case 'operator':
      // The operators are one page (운영자, an admin's): the link leads there, the name says which.
      return j.operator?.username ? { name: j.operator.username, path: '/operators', gone: false } : { name: `#${id} (없음)`, ...GONE };
    case 'privacy_policy':
      return j.policy?.effectiveDate ? { name: `${id}판 (시행 ${j.policy.effectiveDate})`, path: '/privacy', gone: false } : { name: `${id}판 (없음)`, ...GONE };
    case 'campus':
      return { name: '캠퍼스 설정', path: '/campus', gone: false };
    case 'audit_log':
      return { name: '감사 로그', path: '/audit', gone: false };
  }
}
