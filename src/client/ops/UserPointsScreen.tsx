import useSWRInfinite from 'swr/infinite';
import { Link, useParams } from 'wouter';
import type { z } from 'zod';
import { parseId } from '../../shared/ids';
import type { opsLedgerPage } from '../../shared/ops-contract';
import type { ApiError } from '../api/api-error';
import { formatDateTime } from '../lib/format-date';
import { formatPhone } from '../lib/format-phone';
import { formatPoints } from '../lib/format-points';
import { LedgerTable } from './LedgerTable';
import { LoadState } from './LoadState';
import { opsFetcher } from './ops-api';
import { PasswordResetPanel } from './PasswordResetPanel';
import { PointsForm } from './PointsForm';
import { POINTS_TEXTS as T } from './points-texts';
import { SuspensionPanel } from './SuspensionPanel';
import './points.css';

type LedgerPage = z.infer<typeof opsLedgerPage>;

/** One student for an operator: their balance, a grant or take-back, and their ledger newest first. */
export function UserPointsScreen() {
  const userId = parseId(useParams<{ userId: string }>().userId);
  const { data, error, size, setSize, mutate, isValidating } = useSWRInfinite<LedgerPage, ApiError>(
    (index, previous: LedgerPage | null) => {
      if (userId === null) return null;
      if (index === 0) return `/api/ops/users/${userId}/ledger/`;
      if (!previous?.next_before_id) return null;
      return `/api/ops/users/${userId}/ledger/?before_id=${previous.next_before_id}`;
    },
    opsFetcher<LedgerPage>,
    // "More" fetches the older page only; after a grant every page is read again (the newest row comes first).
    { revalidateFirstPage: false },
  );

  if (userId === null) return <LoadState error={new Error(T.failed)} retry={() => undefined} />;
  if (!data?.length) return <LoadState error={error} retry={() => void mutate()} />;
  const user = data[0].user;
  const rows = data.flatMap((page) => page.results);
  const last = data[data.length - 1];
  return (
    <>
      <p>
        <Link href="/users">‹ {T.backToSearch}</Link>
      </p>
      <h1 className="ops-page__title">
        {user.name} <span className="ops-muted">@{user.username}</span> {user.withdrawn && <span className="chip chip--muted">{T.withdrawn}</span>}
      </h1>
      <dl className="ops-facts">
        <dt>{T.balance}</dt>
        <dd className="ops-points-balance">{formatPoints(user.points)}</dd>
        <dt>{T.verification}</dt>
        <dd>{T.verificationStatus[user.verification_status]}</dd>
        <dt>{T.phone}</dt>
        <dd>{user.phone ? formatPhone(user.phone) : '-'}</dd>
        <dt>{T.school}</dt>
        <dd>{user.school ?? '-'}</dd>
        <dt>{T.joined}</dt>
        <dd>{formatDateTime(user.created_at)}</dd>
      </dl>
      <PointsForm user={user} onDone={() => mutate()} />
      <PasswordResetPanel user={user} />
      <SuspensionPanel user={user} onDone={() => mutate()} />
      <section className="ops-section" aria-labelledby="ops-ledger-title">
        <h2 id="ops-ledger-title" className="ops-section__title">
          {T.ledger}
        </h2>
        {rows.length === 0 ? <p className="status-text">{T.noLedger}</p> : <LedgerTable rows={rows} />}
        {last.next_before_id ? (
          <button type="button" className="button button--ghost ops-more ops-points-more" disabled={isValidating} onClick={() => void setSize(size + 1)}>
            {isValidating ? T.loadingMore : T.more}
          </button>
        ) : null}
      </section>
    </>
  );
}
