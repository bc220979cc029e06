import useSWR from 'swr';
import type { MapParty } from '../../shared/parties';
import { partyFilterQuery, type PartyFilters } from '../../shared/party-filters';
import type { ApiError } from './api-error';

export const MAP_PARTIES_PATH = '/api/detailview/parties/';

/** Spec §3 "Party (map list)"; SWR's app-wide fetcher sends it, with the token when there is one (guests too). */
export function useMapParties(filters: PartyFilters = {}) {
  return useSWR<MapParty[], ApiError>(MAP_PARTIES_PATH + partyFilterQuery(filters), {
    onError: (error) => console.warn('지도 파티 목록을 불러오지 못했습니다.', error),
    keepPreviousData: true,
  });
}
