import { useId } from 'react';
import { Link } from 'wouter';
import type { z } from 'zod';
import type { opsReport } from '../../shared/ops-contract';
import { formatDateTime, formatMonthDayTime } from '../lib/format-date';
import { REPORTS_TEXTS as T } from './reports-texts';

type Report = z.infer<typeof opsReport>;

function Student({ student }: { student: { id: number; name: string; username: string } }) {
  // The student's points page holds their ledger: where an operator goes next about a student.
  return (
    <Link href={`/users/${student.id}`}>
      {student.name} <span className="ops-muted">@{student.username}</span>
    </Link>
  );
}

interface Props {
  report: Report;
  /** Some report is being resolved: no second decision meanwhile. */
  busy: boolean;
  /** This one is. */
  working: boolean;
  onWarn: () => void;
  onDismiss: () => void;
}

/** One report as an operator weighs it: what was said, when, at which party, by whom about whom. */
export function ReportCard({ report: r, busy, working, onWarn, onDismiss }: Props) {
  const titleId = useId();
  const reported = r.reported_user_detail;
  return (
    <article className="ops-report" aria-labelledby={titleId}>
      <header className="ops-report__head">
        <h2 id={titleId} className="ops-report__title">
          {r.category_label} <span className="ops-muted">{T.reportNumber(r.id)}</span>
        </h2>
        <time className="ops-report__when" dateTime={r.created_at}>
          {formatDateTime(r.created_at)}
        </time>
      </header>
      <p className="ops-report__content">{r.content}</p>
      <dl className="ops-report__facts">
        <dt>{T.party}</dt>
        <dd>
          <Link href={`/parties/${r.party_detail.id}`}>{r.party_detail.title}</Link>{' '}
          <span className="ops-muted">{formatMonthDayTime(r.party_detail.start_time)}</span>
        </dd>
        <dt>{T.reporter}</dt>
        <dd>
          <Student student={r.reporter_detail} />
        </dd>
        <dt>{T.reported}</dt>
        <dd>
          <Student student={reported} /> <span className={reported.warnings > 0 ? 'chip chip--soft' : 'chip chip--muted'}>{T.warningsSoFar(reported.warnings)}</span>
        </dd>
      </dl>
      {r.status === 'pending' && (
        <div className="ops-report__actions">
          <button type="button" className="button ops-report__warn" disabled={busy} aria-describedby={titleId} onClick={onWarn}>
            {working ? T.working : T.warn}
          </button>
          <button type="button" className="button button--ghost" disabled={busy} aria-describedby={titleId} onClick={onDismiss}>
            {T.dismiss}
          </button>
        </div>
      )}
    </article>
  );
}
