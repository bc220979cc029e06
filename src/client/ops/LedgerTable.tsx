import { Link } from 'wouter';
import type { z } from 'zod';
import type { opsLedgerPage } from '../../shared/ops-contract';
import { LEDGER_KIND_LABELS } from '../../shared/points';
import { formatDateTime } from '../lib/format-date';
import { formatPoints } from '../lib/format-points';
import { POINTS_TEXTS as T } from './points-texts';
import { TableScroll } from './TableScroll';

type LedgerRow = z.infer<typeof opsLedgerPage>['results'][number];

/** "+500P" / "-1,000P": the sign is what an operator looks for first. */
const signed = (amount: number) => (amount > 0 ? `+${formatPoints(amount)}` : formatPoints(amount));

/** A student's ledger rows, newest first; a row about a party links to it. */
export function LedgerTable({ rows }: { rows: LedgerRow[] }) {
  return (
    <TableScroll label={T.ledger}>
      <table className="ops-table ops-ledger">
        <thead>
          <tr>
            <th scope="col">{T.when}</th>
            <th scope="col">{T.kind}</th>
            <th scope="col" className="ops-table__number">
              {T.change}
            </th>
            <th scope="col" className="ops-table__number">
              {T.balanceAfter}
            </th>
            <th scope="col">{T.reason}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              {/* A row is named by its time: it stays in view while a phone scrolls to the reason. */}
              <th scope="row">
                <span className="ops-ledger__when">{formatDateTime(row.created_at)}</span>
              </th>
              <td>
                <span className="ops-ledger__kind">{LEDGER_KIND_LABELS[row.kind]}</span>
              </td>
              <td className={row.amount < 0 ? 'ops-table__number ops-points-minus' : 'ops-table__number'}>{signed(row.amount)}</td>
              <td className="ops-table__number">{formatPoints(row.balance_after)}</td>
              <td className="ops-points-reason">{row.party ? <Link href={`/parties/${row.party}`}>{row.reason || `#${row.party}`}</Link> : row.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
