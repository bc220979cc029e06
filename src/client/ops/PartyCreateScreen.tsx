import { Link, useLocation } from 'wouter';
import type { z } from 'zod';
import type { opsCreated } from '../../shared/ops-contract';
import { LoadState } from './LoadState';
import { opsFetch } from './ops-api';
import { OPS_TEXTS } from './ops-texts';
import { problemOf, readPartyForm } from './party-form-check';
import { EMPTY_PARTY_FORM, type PartyFormValues } from './party-form-values';
import { PARTY_FORM_TEXTS as T } from './party-form-texts';
import { leavePartyOutcome } from './party-outcome';
import { PartyForm } from './PartyForm';
import { usePlaceChoices } from './use-place-choices';

type Created = z.infer<typeof opsCreated>;

/** /ops/parties/new: a party at one of the campus's places; once made, its page says so. */
export function PartyCreateScreen() {
  const [, navigate] = useLocation();
  const places = usePlaceChoices();

  async function create(values: PartyFormValues) {
    const read = readPartyForm(values, Date.now());
    if ('errors' in read) return { fields: read.errors };
    try {
      const { id } = await opsFetch<Created>('/api/ops/parties/', { method: 'POST', json: read.body });
      leavePartyOutcome({ partyId: id, text: T.created(read.body.title) });
      navigate(`/parties/${id}`);
      return null;
    } catch (failure) {
      return problemOf(failure, T.createFailed);
    }
  }

  return (
    <>
      <p>
        <Link href="/parties">‹ {OPS_TEXTS.backToParties}</Link>
      </p>
      <h1 className="ops-page__title">{T.createTitle}</h1>
      {places.data ? (
        <PartyForm draftKey="new" initial={EMPTY_PARTY_FORM} places={places.data} submitLabel={T.create} busyLabel={T.creating} backHref="/parties" onSubmit={create} />
      ) : (
        <LoadState error={places.error} retry={() => void places.mutate()} />
      )}
    </>
  );
}
