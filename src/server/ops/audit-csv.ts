import { AUDIT_TARGET_LABELS } from '../../shared/audit';
import { describeAuditChange } from '../../shared/audit-fields';
import { seoulDateTime } from '../../shared/campus-date';
import type { AuditEntry } from './audit-rows';

// The audit log as a spreadsheet opens it. UTF-8 with a byte-order mark, or Excel reads the Korean as cp949
// mojibake; RFC 4180 (CRLF rows, fields with a comma, quote or line break in double quotes, quotes doubled).
const BOM = '\uFEFF';
const HEADER = ['시각 (서울)', '처리자', '작업', '작업 코드', '대상 종류', '대상 번호', '대상', '변경 내용', '변경 전 (JSON)', '변경 후 (JSON)'];

// A cell a spreadsheet would run as a formula (OWASP "CSV injection"): a reason typed by an operator, a party title a
// student chose. A leading ' makes it text; tab and CR are on OWASP's list too (some programs strip them first).
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

/** The whole file: a header row and one row per entry, in the order given. */
export function auditCsv(entries: AuditEntry[]): string {
  const rows = entries.map((e) => [
    seoulDateTime(new Date(e.created_at)),
    e.actor,
    e.action_label,
    e.action,
    AUDIT_TARGET_LABELS[e.target_type],
    String(e.target_id),
    e.target_detail.name,
    describeAuditChange(e.before, e.after)
      .map((line) => line.text)
      .join('\n'),
    json(e.before),
    json(e.after),
  ]);
  return BOM + [HEADER, ...rows].map((cells) => cells.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
