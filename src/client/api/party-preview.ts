import { useSWRConfig } from 'swr';
import type { HomeParty } from '../../shared/parties';
import { HOME_PARTIES_PATH } from './home-parties';
import { MAP_PARTIES_PATH } from './map-parties';

/**
 * The party as a list the student already loaded has it (home or map), so its page can show it at once while the
 * detail loads. Read from SWR's cache, never fetched: a party opened directly simply has none.
 */
export function usePartyPreview(partyId: number | null): HomeParty | undefined {
  const { cache } = useSWRConfig();
  if (partyId === null) return undefined;
  for (const key of [HOME_PARTIES_PATH, MAP_PARTIES_PATH]) {
    const list = cache.get(key)?.data as HomeParty[] | undefined;
    const found = Array.isArray(list) ? list.find((p) => p.id === partyId) : undefined;
    // An older server may leave tags out of a list entry.
    if (found) return { ...found, tags: found.tags ?? [] };
  }
  return undefined;
}
