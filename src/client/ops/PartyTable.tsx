import { Link } from 'wouter';
import type { z } from 'zod';
import type { opsPartySummary } from '../../shared/ops-contract';
import { formatMonthDayTime } from '../lib/format-date';
import { OPS_TEXTS as T } from './ops-texts';
import { TableScroll } from './TableScroll';

export type OpsPartySummary = z.infer<typeof opsPartySummary>;

/** Parties as rows an operator scans: when, where, seats, payments, check-ins, no-shows; a title opens the party. */
export function PartyTable({ caption, parties }: { caption: string; parties: OpsPartySummary[] }) {
  return (
    <section className="ops-section">
      <h2 className="ops-section__title">{caption}</h2>
      {parties.length === 0 ? (
        <p className="status-text">{T.noParties}</p>
      ) : (
        <TableScroll label={caption}>
          <table className="ops-table">
            <thead>
              <tr>
                <th scope="col">{T.partyTitle}</th>
                <th scope="col">{T.startTime}</th>
                <th scope="col">{T.place}</th>
                <th scope="col">{T.seats}</th>
                <th scope="col">{T.paid}</th>
                <th scope="col">{T.checkedIn}</th>
                <th scope="col">{T.noShow}</th>
              </tr>
            </thead>
            <tbody>
              {parties.map((p) => (
                <tr key={p.id}>
                  <th scope="row">
                    <Link href={`/parties/${p.id}`}>{p.title}</Link> <span className="chip chip--muted">{T.phase[p.phase]}</span>
                  </th>
                  <td>{formatMonthDayTime(p.start_time)}</td>
                  <td>{p.place.name}</td>
                  <td className="ops-table__number">
                    {p.applied_count}/{p.max_participants}
                  </td>
                  <td className="ops-table__number">{p.paid_count}</td>
                  <td className="ops-table__number">{p.checked_in_count}</td>
                  <td className="ops-table__number">{p.no_show_count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
