import useSWR from 'swr';
import type { HomeParty } from '../../shared/parties';
import { partyFilterQuery, type PartyFilters } from '../../shared/party-filters';
import type { ApiError } from './api-error';

export const HOME_PARTIES_PATH = '/api/homemap/home/';

/** The home list, narrowed by the page's filters: each set of filters is its own SWR entry (and the server's page). */
export function useHomeParties(filters: PartyFilters = {}) {
  return useSWR<HomeParty[], ApiError>(HOME_PARTIES_PATH + partyFilterQuery(filters), {
    // Spec §8: home load errors are only logged.
    onError: (error) => console.warn('파티 목록을 불러오지 못했습니다.', error),
    // While a search is typed, the last answer stays on screen instead of a skeleton per letter.
    keepPreviousData: true,
  });
}
