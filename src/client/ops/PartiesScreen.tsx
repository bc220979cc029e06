import { Link } from 'wouter';
import { LoadState } from './LoadState';
import { OPS_TEXTS as T } from './ops-texts';
import { PARTY_FORM_TEXTS as F } from './party-form-texts';
import './party-form.css';
import { type OpsPartySummary, PartyTable } from './PartyTable';
import { useOpsData } from './use-ops-data';

/** Every party from today on (campus time), cancelled ones included, for an operator to open. */
export function PartiesScreen() {
  const { data, error, mutate } = useOpsData<OpsPartySummary[]>('/api/ops/parties/');
  return (
    <>
      <div className="party-list__head">
        <h1 className="ops-page__title">{T.parties}</h1>
        <Link href="/parties/new" className="button party-actions__button">
          {F.createTitle}
        </Link>
      </div>
      {data ? <PartyTable caption={T.upcoming} parties={data} /> : <LoadState error={error} retry={() => void mutate()} />}
    </>
  );
}
