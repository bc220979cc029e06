import { Link } from 'wouter';
import type { z } from 'zod';
import type { opsDashboard } from '../../shared/ops-contract';
import { LoadState } from './LoadState';
import { OPS_TEXTS as T } from './ops-texts';
import { PartyTable } from './PartyTable';
import { useOpsData } from './use-ops-data';

type Dashboard = z.infer<typeof opsDashboard>;

/** The first page of an operator's day: what happens today and soon, and what waits for a decision. */
export function DashboardScreen() {
  const { data, error, mutate } = useOpsData<Dashboard>('/api/ops/dashboard/');
  if (!data) return <LoadState error={error} retry={() => void mutate()} />;
  return (
    <>
      <h1 className="ops-page__title">{T.dashboard}</h1>
      <dl className="ops-counters">
        <div className="ops-counter">
          <dt>
            <Link href="/verifications">{T.pendingVerifications}</Link>
          </dt>
          <dd>{data.pending_verifications}</dd>
        </div>
        <div className="ops-counter">
          <dt>{T.pendingReports}</dt>
          <dd>{data.pending_reports}</dd>
        </div>
      </dl>
      <PartyTable caption={`${T.today} · ${data.day}`} parties={data.today} />
      <PartyTable caption={T.upcoming} parties={data.upcoming} />
    </>
  );
}
