import useSWR from 'swr';
import type { HomeParty } from '../../shared/parties';
import type { ApiError } from './api-error';

export const HOME_PARTIES_PATH = '/api/homemap/home/';

export function useHomeParties() {
  return useSWR<HomeParty[], ApiError>(HOME_PARTIES_PATH, {
    // Spec §8: home load errors are only logged.
    onError: (error) => console.warn('파티 목록을 불러오지 못했습니다.', error),
  });
}
