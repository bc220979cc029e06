import { AUDIT_ACTIONS, AUDIT_TARGETS, type AuditAction, type AuditTarget } from '../../shared/audit';

/** The audit screen's filters, kept in the URL's query so a filtered view can be shared and survives a reload. */
export interface AuditFilters {
  action?: AuditAction;
  target_type?: AuditTarget;
  actor?: string;
}

const isOneOf = <T extends string>(list: readonly T[], value: string | null): value is T => value !== null && (list as readonly string[]).includes(value);

export function readAuditFilters(search: string): AuditFilters {
  const query = new URLSearchParams(search);
  const action = query.get('action');
  const target = query.get('target_type');
  const actor = query.get('actor')?.trim();
  return {
    ...(isOneOf(AUDIT_ACTIONS, action) ? { action } : {}),
    ...(isOneOf(AUDIT_TARGETS, target) ? { target_type: target } : {}),
    ...(actor ? { actor } : {}),
  };
}

/** The query string of `filters` (no leading "?"), in a fixed order so equal filters give equal SWR keys. */
export function auditQuery(filters: AuditFilters, beforeId?: number): string {
  const query = new URLSearchParams();
  if (filters.action) query.set('action', filters.action);
  if (filters.target_type) query.set('target_type', filters.target_type);
  if (filters.actor) query.set('actor', filters.actor);
  if (beforeId !== undefined) query.set('before_id', String(beforeId));
  return query.toString();
}
