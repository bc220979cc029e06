import { AUDIT_ACTIONS, AUDIT_TARGETS } from '../../shared/audit';
import type { OpsAuditFilters } from '../../shared/ops';
import { isCalendarDate } from '../../shared/party-filters';

/** The audit screen's filters, kept in the URL's query so a filtered view can be shared and survives a reload. */
export type AuditFilters = Pick<OpsAuditFilters, 'action' | 'target_type' | 'target_id' | 'actor' | 'from' | 'to'>;

const isOneOf = <T extends string>(list: readonly T[], value: string | null): value is T => value !== null && (list as readonly string[]).includes(value);

/** Lenient, like the other screens' URL filters: a hand-edited link keeps what it can and drops the rest. */
export function readAuditFilters(search: string): AuditFilters {
  const query = new URLSearchParams(search);
  const action = query.get('action');
  const target = query.get('target_type');
  const targetId = Number(query.get('target_id'));
  const actor = query.get('actor')?.trim();
  const from = query.get('from') ?? '';
  const to = query.get('to') ?? '';
  return {
    ...(isOneOf(AUDIT_ACTIONS, action) ? { action } : {}),
    ...(isOneOf(AUDIT_TARGETS, target) ? { target_type: target } : {}),
    ...(Number.isSafeInteger(targetId) && targetId > 0 ? { target_id: targetId } : {}),
    ...(actor ? { actor } : {}),
    ...(isCalendarDate(from) ? { from } : {}),
    ...(isCalendarDate(to) ? { to } : {}),
  };
}

/** The query string of `filters` (no leading "?"), in a fixed order so equal filters give equal SWR keys. */
export function auditQuery(filters: AuditFilters, beforeId?: number): string {
  const query = new URLSearchParams();
  if (filters.action) query.set('action', filters.action);
  if (filters.target_type) query.set('target_type', filters.target_type);
  if (filters.target_id) query.set('target_id', String(filters.target_id));
  if (filters.actor) query.set('actor', filters.actor);
  if (filters.from) query.set('from', filters.from);
  if (filters.to) query.set('to', filters.to);
  if (beforeId !== undefined) query.set('before_id', String(beforeId));
  return query.toString();
}
