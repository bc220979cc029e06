import useSWR from 'swr';
import type { HomeParty } from '../../shared/parties';
import { HOME_PARTIES_PATH } from './home-parties';
import { MAP_PARTIES_PATH } from './map-parties';

// Only what the cache already holds: never a request of its own (the lists are loaded by their screens).
const CACHE_ONLY = { revalidateOnMount: false, revalidateOnFocus: false, revalidateOnReconnect: false, revalidateIfStale: false } as const;

/**
 * The party as a list the student already loaded has it (home or map), so its page can show it at once while the
 * detail loads. Read from SWR's cache through useSWR itself (importing more of SWR into a lazy screen made the
 * bundler split SWR out of the entry: one more request on every page); a party opened directly has none.
 */
export function usePartyPreview(partyId: number | null): HomeParty | undefined {
  const home = useSWR<HomeParty[]>(partyId === null ? null : HOME_PARTIES_PATH, CACHE_ONLY).data;
  const map = useSWR<HomeParty[]>(partyId === null ? null : MAP_PARTIES_PATH, CACHE_ONLY).data;
  for (const list of [home, map]) {
    const found = Array.isArray(list) ? list.find((p) => p.id === partyId) : undefined;
    // An older server may leave tags out of a list entry.
    if (found) return { ...found, tags: found.tags ?? [] };
  }
  return undefined;
}
