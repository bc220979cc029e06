import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'wouter';
import { partyFilterQuery, readPartyFilters, type PartyFilters } from '../../../shared/party-filters';

/**
 * The list filters of this page, held in its URL (`?tag=…&day=…&open=1&q=…`): a filtered view is a link to share
 * and survives a reload. The server reads the same query when it draws home (page-render.ts).
 */
export function usePartyFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readPartyFilters(params), [params]);
  /** A chip or the picker pushes a history entry; typing replaces it (`replace`), so Back leaves the search. */
  const setFilters = useCallback(
    (next: PartyFilters, options?: { replace?: boolean }) =>
      setParams(new URLSearchParams(partyFilterQuery(next)), { replace: options?.replace }),
    [setParams],
  );
  return { filters, setFilters };
}
