import useSWR from 'swr';

export const HOME_PARTIES_PATH = '/api/homemap/home/';

/** Spec §3 "Party (home list)". */
export interface HomeParty {
  id: number;
  title: string;
  place_photo: string | null;
  place_name: string;
  start_time: string;
  applied_count: number;
  max_participants: number;
  tags?: Array<string | { id: number; name: string }>;
}

export function useHomeParties() {
  return useSWR<HomeParty[]>(HOME_PARTIES_PATH, {
    // Spec §8: home load errors are only logged.
    onError: (error) => console.warn('파티 목록을 불러오지 못했습니다.', error),
  });
}
