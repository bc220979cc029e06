import { useRef, useState } from 'react';
import useSWRInfinite from 'swr/infinite';
import { Link, useSearch } from 'wouter';
import type { z } from 'zod';
import { REPORT_STATUSES } from '../../shared/community';
import type { opsReportPage, opsReportResolved } from '../../shared/ops-contract';
import { ApiError, errorMessage } from '../api/api-error';
import { ConfirmDialog } from './ConfirmDialog';
import { LoadState } from './LoadState';
import { opsFetch, opsFetcher } from './ops-api';
import { OPS_TEXTS } from './ops-texts';
import { ReportCard } from './ReportCard';
import { REPORTS_TEXTS as T } from './reports-texts';
import './reports.css';

type ReportPage = z.infer<typeof opsReportPage>;
type Report = ReportPage['results'][number];
type ReportStatus = Report['status'];
type Resolved = z.infer<typeof opsReportResolved>;

/** The status in the URL (so a filtered view survives a reload), pending when missing or unknown. */
function statusOf(search: string): ReportStatus {
  const asked = new URLSearchParams(search).get('status');
  return REPORT_STATUSES.find((s) => s === asked) ?? 'pending';
}

/** Students' reports, each with its party and both students; a pending one is warned (after a confirm) or dismissed. */
export function ReportsScreen() {
  const status = statusOf(useSearch());
  // Oldest first, a page at a time: 더 보기 goes on after the last report shown.
  const { data: pages, error, mutate, size, setSize, isValidating } = useSWRInfinite<ReportPage, ApiError>(
    (index, previous: ReportPage | null) => {
      if (index === 0) return `/api/ops/reports/?status=${status}`;
      if (!previous?.next_after_id) return null;
      return `/api/ops/reports/?status=${status}&after_id=${previous.next_after_id}`;
    },
    opsFetcher<ReportPage>,
    // 더 보기 fetches the next page only; a decision (mutate) reloads every page shown.
    { revalidateFirstPage: false },
  );
  const data = pages?.flatMap((page) => page.results);
  const more = pages?.[pages.length - 1]?.next_after_id;
  const [notice, setNotice] = useState<{ text: string; failed: boolean } | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<Report | null>(null);
  const statusLine = useRef<HTMLParagraphElement>(null);

  // Never rejects: the outcome is announced in the status line, which also takes the focus the card's buttons had.
  async function resolve(report: Report, action: 'warn' | 'dismiss') {
    setConfirming(null);
    setBusy(report.id);
    setNotice(null);
    let reload = true;
    try {
      await opsFetch<Resolved>(`/api/ops/reports/${report.id}/resolve/`, { method: 'POST', json: { action } });
      setNotice({ text: action === 'warn' ? T.warned(report.reported_user_detail.name) : T.dismissed(report.id), failed: false });
    } catch (failure) {
      setNotice({ text: errorMessage(failure, T.failed), failed: true });
      // Another operator got there first (409): the list then shows what they decided.
      reload = failure instanceof ApiError && failure.status === 409;
    }
    setBusy(null);
    statusLine.current?.focus();
    if (reload) await mutate();
  }

  return (
    <>
      <h1 className="ops-page__title">{OPS_TEXTS.reports}</h1>
      <nav className="ops-reports__filter" aria-label={T.statusFilter}>
        {REPORT_STATUSES.map((s) => (
          <Link key={s} href={s === 'pending' ? '/reports' : `/reports?status=${s}`} className="ops-reports__tab" aria-current={s === status ? 'page' : undefined}>
            {T.status[s]}
          </Link>
        ))}
      </nav>
      <p ref={statusLine} tabIndex={-1} className={notice?.failed ? 'error-text ops-reports__notice' : 'ops-reports__notice'} role="status">
        {notice?.text}
      </p>
      {!data ? (
        <LoadState error={error} retry={() => void mutate()} />
      ) : data.length === 0 ? (
        <p className="status-text">{T.empty[status]}</p>
      ) : (
        <ul className="ops-reports">
          {data.map((r) => (
            <li key={r.id}>
              <ReportCard report={r} busy={busy !== null} working={busy === r.id} onWarn={() => setConfirming(r)} onDismiss={() => void resolve(r, 'dismiss')} />
            </li>
          ))}
        </ul>
      )}
      {more ? (
        <button type="button" className="button button--ghost ops-more" disabled={isValidating} onClick={() => void setSize(size + 1)}>
          {OPS_TEXTS.more}
        </button>
      ) : null}
      {confirming && (
        <ConfirmDialog
          title={T.confirmTitle(confirming.reported_user_detail.name)}
          body={T.confirmBody(confirming.reported_user_detail.warnings)}
          confirmLabel={T.confirmWarn}
          cancelLabel={T.cancel}
          onConfirm={() => void resolve(confirming, 'warn')}
          onCancel={() => setConfirming(null)}
        />
      )}
    </>
  );
}
