import useSWR from 'swr';
import type { PartyDetail } from '../../shared/parties';
import type { ApiError } from './api-error';
import { partyDetailPath } from './read-paths';

/** `null` (an id that is not a number) makes no call; the screen shows the load error instead. */
export function usePartyDetail(partyId: number | null) {
  return useSWR<PartyDetail, ApiError>(partyId === null ? null : partyDetailPath(partyId));
}
