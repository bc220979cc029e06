import useSWR from 'swr';
import type { MyParty } from '../../shared/live';
import type { ApiError } from './api-error';
import { fetcher } from './client';
import { MY_PARTIES_PATH } from './read-paths';

/** Spec §7: a plain list or a paginated {results}; both become a list. */
function toPartyList(body: unknown): MyParty[] {
  if (Array.isArray(body)) return body as MyParty[];
  const results = (body as { results?: unknown } | null)?.results;
  return Array.isArray(results) ? (results as MyParty[]) : [];
}

const fetchMyParties = async (path: string) => toPartyList(await fetcher<unknown>(path));

/** Spec §5: only called when an access key exists (`enabled`). */
export function useMyParties(enabled: boolean) {
  return useSWR<MyParty[], ApiError>(enabled ? MY_PARTIES_PATH : null, fetchMyParties);
}
