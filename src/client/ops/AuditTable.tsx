import { Link } from 'wouter';
import type { z } from 'zod';
import { AUDIT_TARGET_LABELS } from '../../shared/audit';
import { describeAuditChange } from '../../shared/audit-fields';
import { seoulDateTime } from '../../shared/campus-date';
import type { opsAuditPage } from '../../shared/ops-contract';
import { AUDIT_TEXTS as A } from './audit-texts';
import { OPS_TEXTS as T } from './ops-texts';
import { TableScroll } from './TableScroll';

type AuditEntry = z.infer<typeof opsAuditPage>['results'][number];

const raw = (value: unknown) => (value === null || value === undefined ? A.noChange : JSON.stringify(value, null, 2));

function Target({ entry }: { entry: AuditEntry }) {
  const { name, path, gone } = entry.target_detail;
  return (
    <>
      <span className="ops-muted">{AUDIT_TARGET_LABELS[entry.target_type]} </span>
      {path ? <Link href={path}>{name}</Link> : name}
      {gone ? <span className="ops-audit__gone"> ({A.gone})</span> : null}
    </>
  );
}

/** The change in words, one field a line ("상태: 대기 → 승인"); 자세히 opens the values as they were recorded. */
function Change({ entry }: { entry: AuditEntry }) {
  const lines = describeAuditChange(entry.before, entry.after);
  if (!lines.length) return <>{A.noChange}</>;
  return (
    <>
      <ul className="ops-audit__lines">
        {lines.map((line) => (
          <li key={line.field}>{line.text}</li>
        ))}
      </ul>
      <details className="ops-audit__raw">
        <summary>{A.details}</summary>
        <dl>
          <dt>{A.before}</dt>
          <dd>
            <pre>{raw(entry.before)}</pre>
          </dd>
          <dt>{A.after}</dt>
          <dd>
            <pre>{raw(entry.after)}</pre>
          </dd>
        </dl>
      </details>
    </>
  );
}

/** The audit rows: when (Seoul time), who, what, on what (a link to its page), and the change in words. */
export function AuditTable({ rows }: { rows: AuditEntry[] }) {
  return (
    <TableScroll label={T.audit}>
      <table className="ops-table">
        <thead>
          <tr>
            <th scope="col">{T.when}</th>
            <th scope="col">{T.actor}</th>
            <th scope="col">{T.action}</th>
            <th scope="col">{T.target}</th>
            <th scope="col">{T.change}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td>
                <time dateTime={row.created_at}>{seoulDateTime(new Date(row.created_at))}</time>
              </td>
              <td>{row.operator_id === null && row.actor === 'token' ? A.token : row.actor}</td>
              <th scope="row">{row.action_label}</th>
              <td>
                <Target entry={row} />
              </td>
              <td className="ops-table__change">
                <Change entry={row} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
