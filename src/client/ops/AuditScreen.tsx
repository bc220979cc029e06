import { useState, type FormEvent } from 'react';
import useSWRInfinite from 'swr/infinite';
import { useLocation, useSearch } from 'wouter';
import type { z } from 'zod';
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, AUDIT_TARGETS } from '../../shared/audit';
import type { opsAuditPage } from '../../shared/ops-contract';
import type { ApiError } from '../api/api-error';
import { formatDateTime } from '../lib/format-date';
import { auditQuery, type AuditFilters, readAuditFilters } from './audit-filters';
import { LoadState } from './LoadState';
import { opsFetcher } from './ops-api';
import { OPS_TEXTS as T } from './ops-texts';
import { TableScroll } from './TableScroll';

type AuditPage = z.infer<typeof opsAuditPage>;

/** A change as one line: the fields the action changed, before → after. */
function describeChange(before: unknown, after: unknown): string {
  const was = (before ?? {}) as Record<string, unknown>;
  const now = (after ?? {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(was), ...Object.keys(now)])];
  return keys
    .map((key) => `${key}: ${key in was ? JSON.stringify(was[key]) : '–'} → ${key in now ? JSON.stringify(now[key]) : '–'}`)
    .join(', ');
}

/** Every operator action, newest first, filtered by action, target and who did it. */
export function AuditScreen() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const filters = readAuditFilters(search);
  const [draft, setDraft] = useState<AuditFilters>(filters);
  const { data, error, size, setSize, mutate, isValidating } = useSWRInfinite<AuditPage, ApiError>(
    (index, previous: AuditPage | null) => {
      if (index === 0) return `/api/ops/audit/?${auditQuery(filters)}`;
      if (!previous?.next_before_id) return null;
      return `/api/ops/audit/?${auditQuery(filters, previous.next_before_id)}`;
    },
    opsFetcher<AuditPage>,
    // "More" fetches the older page only; the rows already shown stay as they are (new actions appear on a reload).
    { revalidateFirstPage: false },
  );

  function apply(e: FormEvent) {
    e.preventDefault();
    const query = auditQuery(draft);
    navigate(query ? `/audit?${query}` : '/audit');
  }

  const rows = data?.flatMap((page) => page.results) ?? [];
  const last = data?.[data.length - 1];
  return (
    <>
      <h1 className="ops-page__title">{T.audit}</h1>
      <form className="ops-filters" aria-label={T.auditFilters} onSubmit={apply}>
        <label className="ops-filters__field">
          <span>{T.action}</span>
          <select className="field__input field__input--select" value={draft.action ?? ''} onChange={(e) => setDraft({ ...draft, action: (e.target.value || undefined) as AuditFilters['action'] })}>
            <option value="">{T.allActions}</option>
            {AUDIT_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {AUDIT_ACTION_LABELS[a]}
              </option>
            ))}
          </select>
        </label>
        <label className="ops-filters__field">
          <span>{T.target}</span>
          <select className="field__input field__input--select" value={draft.target_type ?? ''} onChange={(e) => setDraft({ ...draft, target_type: (e.target.value || undefined) as AuditFilters['target_type'] })}>
            <option value="">{T.allTargets}</option>
            {AUDIT_TARGETS.map((t) => (
              <option key={t} value={t}>
                {T.targetLabel[t]}
              </option>
            ))}
          </select>
        </label>
        <label className="ops-filters__field">
          <span>{T.actor}</span>
          <input className="field__input" value={draft.actor ?? ''} placeholder={T.actorHint} onChange={(e) => setDraft({ ...draft, actor: e.target.value })} />
        </label>
        <button type="submit" className="button button--small">
          {T.apply}
        </button>
      </form>
      {!data ? (
        <LoadState error={error} retry={() => void mutate()} />
      ) : rows.length === 0 ? (
        <p className="status-text">{T.noAudit}</p>
      ) : (
        <TableScroll label={T.audit}>
          <table className="ops-table">
            <thead>
              <tr>
                <th scope="col">{T.when}</th>
                <th scope="col">{T.actor}</th>
                <th scope="col">{T.action}</th>
                <th scope="col">{T.target}</th>
                <th scope="col">{T.change}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td>{formatDateTime(row.created_at)}</td>
                  <td>{row.actor}</td>
                  <th scope="row">{row.action_label}</th>
                  <td>
                    {T.targetLabel[row.target_type]} #{row.target_id}
                  </td>
                  <td className="ops-table__change">{describeChange(row.before, row.after)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {last?.next_before_id ? (
        <button type="button" className="button button--ghost ops-more" disabled={isValidating} onClick={() => void setSize(size + 1)}>
          {T.more}
        </button>
      ) : null}
    </>
  );
}
