import { LoadState } from './LoadState';
import { OPS_TEXTS as T } from './ops-texts';
import { type OpsPartySummary, PartyTable } from './PartyTable';
import { useOpsData } from './use-ops-data';

/** Every party from today on (campus time), cancelled ones included, for an operator to open. */
export function PartiesScreen() {
  const { data, error, mutate } = useOpsData<OpsPartySummary[]>('/api/ops/parties/');
  return (
    <>
      <h1 className="ops-page__title">{T.parties}</h1>
      {data ? <PartyTable caption={T.upcoming} parties={data} /> : <LoadState error={error} retry={() => void mutate()} />}
    </>
  );
}
