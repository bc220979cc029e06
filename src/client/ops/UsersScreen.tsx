import type { FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import type { z } from 'zod';
import type { opsUser } from '../../shared/ops-contract';
import { formatPhone } from '../lib/format-phone';
import { formatPoints } from '../lib/format-points';
import { LoadState } from './LoadState';
import { OPS_TEXTS } from './ops-texts';
import { POINTS_TEXTS as T } from './points-texts';
import { SearchField } from './SearchField';
import { SuspensionMark } from './SuspensionMark';
import { TableScroll } from './TableScroll';
import { useOpsData } from './use-ops-data';
import { useSearchDraft } from './use-search-draft';
import './points.css';

type OpsUser = z.infer<typeof opsUser>;

/** The server answers at most this many students for one search. */
const SEARCH_LIMIT = 50;

/** The 포인트 section's first page: find a student by name, username or phone. The query lives in the URL. */
export function UsersScreen() {
  const q = new URLSearchParams(useSearch()).get('q')?.trim() ?? '';
  const [, navigate] = useLocation();
  const [draft, setDraft] = useSearchDraft(q);
  const { data, error, mutate } = useOpsData<OpsUser[]>(`/api/ops/users/?q=${encodeURIComponent(q)}`);

  function search(e: FormEvent) {
    e.preventDefault();
    const text = draft.trim();
    navigate(text ? `/users?q=${encodeURIComponent(text)}` : '/users');
  }

  const caption = q ? T.resultsFor(q, data?.length ?? 0) : T.firstAccounts;
  return (
    <>
      <h1 className="ops-page__title">{OPS_TEXTS.points}</h1>
      <form className="ops-points-search" role="search" onSubmit={search}>
        <SearchField className="ops-points-search__field" label={T.search} hint={T.searchHint} value={draft} onValue={setDraft} />
        <button type="submit" className="button ops-points-search__go">
          {T.searchAction}
        </button>
      </form>
      {!data ? (
        <LoadState error={error} retry={() => void mutate()} />
      ) : (
        <section className="ops-section" aria-labelledby="ops-users-caption">
          <h2 id="ops-users-caption" className="ops-section__title">
            {caption}
          </h2>
          {data.length === 0 ? (
            <p className="status-text">{T.noResults}</p>
          ) : (
            <TableScroll label={caption}>
              <table className="ops-table">
                <thead>
                  <tr>
                    <th scope="col">{T.student}</th>
                    <th scope="col" className="ops-table__number">
                      {T.balance}
                    </th>
                    <th scope="col">{T.verification}</th>
                    <th scope="col">{T.phone}</th>
                    <th scope="col">{T.school}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.map((u) => (
                    <tr key={u.id}>
                      <th scope="row">
                        <Link href={`/users/${u.id}`} className="ops-points-user">
                          {u.name} <span className="ops-muted">@{u.username}</span>
                        </Link>
                        {u.withdrawn && <span className="chip chip--muted">{T.withdrawn}</span>}
                        <SuspensionMark user={u} />
                      </th>
                      <td className="ops-table__number">{formatPoints(u.points)}</td>
                      <td>{T.verificationStatus[u.verification_status]}</td>
                      <td>{u.phone ? formatPhone(u.phone) : '-'}</td>
                      <td>{u.school ?? '-'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          )}
          {data.length >= SEARCH_LIMIT && <p className="ops-points-note">{T.limitNote(SEARCH_LIMIT)}</p>}
        </section>
      )}
    </>
  );
}
