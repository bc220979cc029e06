import useSWRInfinite from 'swr/infinite';
import { useLocation, useSearch } from 'wouter';
import type { z } from 'zod';
import type { opsAuditPage } from '../../shared/ops-contract';
import { fieldError, type ApiError } from '../api/api-error';
import { auditQuery, readAuditFilters } from './audit-filters';
import { AUDIT_TEXTS as A } from './audit-texts';
import { AuditFilterForm } from './AuditFilterForm';
import { AuditTable } from './AuditTable';
import { LoadState } from './LoadState';
import { opsFetcher } from './ops-api';
import { OPS_TEXTS as T } from './ops-texts';
import { useAuditDownload } from './use-audit-download';

type AuditPage = z.infer<typeof opsAuditPage>;

/** Every operator action, newest first, filtered by action, target, who did it and campus days; and as a CSV file. */
export function AuditScreen() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const filters = readAuditFilters(search);
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
  const { busy, notice, download } = useAuditDownload(filters);

  const rows = data?.flatMap((page) => page.results) ?? [];
  const last = data?.[data.length - 1];
  return (
    <>
      <h1 className="ops-page__title">{T.audit}</h1>
      {/* Keyed by the URL: going back to another filtered view shows its filters in the form. */}
      <AuditFilterForm
        key={search}
        filters={filters}
        serverError={(field) => fieldError(error, field)}
        onApply={(next) => {
          const query = auditQuery(next);
          navigate(query ? `/audit?${query}` : '/audit');
        }}
      />
      <div className="ops-audit__export">
        <button type="button" className="button button--small button--ghost" disabled={busy} onClick={() => void download()}>
          {busy ? A.downloading : A.download}
        </button>
        <p role="status" className={notice?.failed ? 'error-text' : 'status-text'}>
          {notice?.text}
        </p>
      </div>
      {!data ? (
        <LoadState error={error} retry={() => void mutate()} />
      ) : rows.length === 0 ? (
        <p className="status-text">{T.noAudit}</p>
      ) : (
        <AuditTable rows={rows} />
      )}
      {last?.next_before_id ? (
        <button type="button" className="button button--ghost ops-more" disabled={isValidating} onClick={() => void setSize(size + 1)}>
          {T.more}
        </button>
      ) : null}
    </>
  );
}
