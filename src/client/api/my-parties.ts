import { useMemo } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type { MyParty } from '../../shared/live';
import type { LiveParticipationStatus } from '../../shared/parties';
import type { ApiError } from './api-error';
import { fetcher } from './client';

const MY_PARTIES_PATH = '/api/partyassist/myparties/';

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

/**
 * My seat in each party I hold one in, by party id, for the public lists' cards. The lists themselves stay the same
 * for everyone (shared and cacheable); my side comes from the assistant's answer, which already says it.
 */
export function useMyPartyStates(enabled: boolean): ReadonlyMap<number, LiveParticipationStatus> {
  const { data } = useMyParties(enabled);
  return useMemo(() => new Map((enabled ? (data ?? []) : []).map((p) => [p.id, p.my_status])), [data, enabled]);
}

/** After a join, a payment or a cancel: every card showing my state re-reads it, without a reload. */
export function useRefreshMyParties() {
  const { mutate } = useSWRConfig();
  // A refresh that cannot run (the screen and its cache already gone) changes nothing the student could see.
  return () => void mutate(MY_PARTIES_PATH).catch(() => undefined);
}
