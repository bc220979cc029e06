import { useMemo, useState } from 'react';
import { useSWRConfig } from 'swr';
import { Link, useLocation, useParams } from 'wouter';
import type { z } from 'zod';
import { parseId } from '../../shared/ids';
import type { opsPartyDetail } from '../../shared/ops-contract';
import { LoadState } from './LoadState';
import { opsFetch } from './ops-api';
import { OPS_TEXTS } from './ops-texts';
import { problemOf, readPartyForm } from './party-form-check';
import { partyBodyOf, partyFormOf, partyPatch, type PartyField, type PartyFormValues } from './party-form-values';
import { PARTY_FORM_TEXTS as T } from './party-form-texts';
import { leavePartyOutcome } from './party-outcome';
import { PartyForm } from './PartyForm';
import { useOpsData } from './use-ops-data';
import { usePlaceChoices } from './use-place-choices';

type PartyDetail = z.infer<typeof opsPartyDetail>;

/** The rules the server will judge the edit by, said before the operator runs into them. */
function hintsFor(party: PartyDetail): Partial<Record<PartyField, string>> {
  return {
    ...(party.applied_count > 0 ? { max_participants: T.seatsTaken(party.applied_count), deposit: T.depositLocked } : {}),
    ...(party.paid_count > 0 ? { start_time: T.startLocked } : {}),
  };
}

/** /ops/parties/:id/edit: the party form filled in with the party; only what the operator changed is sent. */
export function PartyEditScreen() {
  const partyId = parseId(useParams<{ partyId: string }>().partyId);
  const key = partyId === null ? null : `/api/ops/parties/${partyId}/`;
  const party = useOpsData<PartyDetail>(key);
  const places = usePlaceChoices();
  const { mutate } = useSWRConfig();
  const [, navigate] = useLocation();
  // The form starts from the party as first loaded, and the edit is what the operator changed from there: a refetch
  // while typing neither resets the form nor turns someone else's change into one of ours.
  const [loaded, setLoaded] = useState<PartyDetail | null>(null);
  if (!loaded && party.data) setLoaded(party.data);
  const initial = useMemo(() => (loaded ? partyFormOf(loaded) : null), [loaded]);

  async function save(values: PartyFormValues, original: PartyDetail) {
    const read = readPartyForm(values, Date.now(), original.start_time);
    if ('errors' in read) return { fields: read.errors };
    const patch = partyPatch(partyBodyOf(original), read.body);
    if (Object.keys(patch).length === 0) return { fields: {}, message: T.nothingChanged };
    try {
      const updated = await opsFetch<PartyDetail>(`/api/ops/parties/${original.id}/`, { method: 'PATCH', json: patch });
      await mutate(key, updated, { revalidate: false });
      leavePartyOutcome({ partyId: original.id, text: T.saved });
      navigate(`/parties/${original.id}`);
      return null;
    } catch (failure) {
      return problemOf(failure, T.saveFailed);
    }
  }

  const back = partyId === null ? '/parties' : `/parties/${partyId}`;
  const head = (
    <>
      <p>
        <Link href={back}>‹ {party.data?.title ?? OPS_TEXTS.backToParties}</Link>
      </p>
      <h1 className="ops-page__title">{T.editTitle}</h1>
    </>
  );
  if (partyId === null) return <LoadState error={new Error(OPS_TEXTS.loadFailed)} retry={() => undefined} />;
  if (!party.data || !places.data || !loaded || !initial) {
    return (
      <>
        {head}
        <LoadState error={party.error ?? places.error} retry={() => void Promise.all([party.mutate(), places.mutate()])} />
      </>
    );
  }
  const current = party.data;
  return (
    <>
      {head}
      {current.phase === 'upcoming' ? (
        <PartyForm
          draftKey={String(loaded.id)}
          initial={initial}
          places={places.data}
          submitLabel={T.save}
          busyLabel={T.saving}
          backHref={back}
          hints={hintsFor(current)}
          onSubmit={(values) => save(values, loaded)}
        />
      ) : (
        <p className="party-actions__why">{T.cannotEdit[current.phase]}</p>
      )}
    </>
  );
}
