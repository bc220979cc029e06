import type { FormEvent } from 'react';
import { VERIFICATION_STATUSES, type VerificationStatus } from '../../shared/verification';
import { SearchField } from './SearchField';
import { useSearchDraft } from './use-search-draft';
import type { QueueFilter } from './use-verification-queue';
import { VERIFICATION_TEXTS as T } from './verification-texts';

interface Props {
  filter: QueueFilter;
  onFilter: (filter: QueueFilter) => void;
}

/** Which queue: the status (applied at once) and a search by name, school or phone (applied on 검색 or Enter). */
export function VerificationFilters({ filter, onFilter }: Props) {
  const [draft, setDraft] = useSearchDraft(filter.q);

  function search(e: FormEvent) {
    e.preventDefault();
    onFilter({ ...filter, q: draft.trim() });
  }

  return (
    <form className="ops-filters verif-filters" role="search" onSubmit={search}>
      <label className="ops-filters__field">
        <span>{T.statusFilter}</span>
        <select className="field__input field__input--select" value={filter.status} onChange={(e) => onFilter({ ...filter, status: e.target.value as VerificationStatus })}>
          {VERIFICATION_STATUSES.map((s) => (
            <option key={s} value={s}>
              {T.statusLabel[s]}
            </option>
          ))}
        </select>
      </label>
      <SearchField className="ops-filters__field verif-filters__search" label={T.search} hint={T.searchHint} value={draft} onValue={setDraft} />
      <button type="submit" className="button button--small verif-filters__go">
        {T.searchSubmit}
      </button>
    </form>
  );
}
