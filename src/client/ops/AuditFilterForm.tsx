import { useState, type FormEvent } from 'react';
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, AUDIT_TARGET_LABELS, AUDIT_TARGETS } from '../../shared/audit';
import { readAuditFilters, type AuditFilters } from './audit-filters';
import { AUDIT_TEXTS as A } from './audit-texts';
import { FieldFrame } from './FieldFrame';
import { OPS_TEXTS as T } from './ops-texts';

/** The form's values as typed (strings), so a half-typed number or a cleared date loses nothing. */
type Draft = Record<'action' | 'target_type' | 'target_id' | 'actor' | 'from' | 'to', string>;

const draftOf = (f: AuditFilters): Draft => ({
  action: f.action ?? '',
  target_type: f.target_type ?? '',
  target_id: f.target_id ? String(f.target_id) : '',
  actor: f.actor ?? '',
  from: f.from ?? '',
  to: f.to ?? '',
});

interface Props {
  filters: AuditFilters;
  /** The server's word on a field (a 400 of the page's request), shown beside it. */
  serverError: (field: keyof Draft) => string | undefined;
  onApply: (filters: AuditFilters) => void;
}

/** Action, target, who did it and a range of campus days; applied through the URL by the screen. */
export function AuditFilterForm({ filters, serverError, onApply }: Props) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(filters));
  const [rangeError, setRangeError] = useState<string | undefined>();
  const set = (field: keyof Draft) => (value: string) => setDraft((d) => ({ ...d, [field]: value }));

  function apply(e: FormEvent) {
    e.preventDefault();
    // The same check the server makes, before a round trip; the typed values stay as they are.
    if (draft.from && draft.to && draft.from > draft.to) {
      setRangeError(A.fromAfterTo);
      return;
    }
    setRangeError(undefined);
    // Read back through the URL's own reader, so what is applied is exactly what a reload would show.
    onApply(readAuditFilters(new URLSearchParams(Object.entries(draft).filter(([, v]) => v.trim() !== '')).toString()));
  }

  // A select of one of the shared lists (actions, targets), "all" first.
  const choice = <K extends string>(field: 'action' | 'target_type', label: string, all: string, keys: readonly K[], labels: Record<K, string>) => (
    <FieldFrame label={label} error={serverError(field)}>
      {(control) => (
        <select {...control} className="field__input field__input--select" value={draft[field]} onChange={(e) => set(field)(e.target.value)}>
          <option value="">{all}</option>
          {keys.map((key) => (
            <option key={key} value={key}>
              {labels[key]}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );

  return (
    <form className="ops-filters" aria-label={T.auditFilters} onSubmit={apply} noValidate>
      {choice('action', T.action, T.allActions, AUDIT_ACTIONS, AUDIT_ACTION_LABELS)}
      {choice('target_type', T.target, T.allTargets, AUDIT_TARGETS, AUDIT_TARGET_LABELS)}
      <FieldFrame label={A.targetId} error={serverError('target_id')}>
        {(control) => <input {...control} className="field__input ops-filters__short" inputMode="numeric" placeholder={A.targetIdHint} value={draft.target_id} onChange={(e) => set('target_id')(e.target.value)} />}
      </FieldFrame>
      <FieldFrame label={T.actor} error={serverError('actor')}>
        {(control) => <input {...control} className="field__input" placeholder={T.actorHint} value={draft.actor} onChange={(e) => set('actor')(e.target.value)} />}
      </FieldFrame>
      <FieldFrame label={A.from} error={serverError('from')}>
        {(control) => <input {...control} type="date" className="field__input" value={draft.from} onChange={(e) => set('from')(e.target.value)} />}
      </FieldFrame>
      <FieldFrame label={A.to} error={rangeError ?? serverError('to')}>
        {(control) => <input {...control} type="date" className="field__input" value={draft.to} onChange={(e) => set('to')(e.target.value)} />}
      </FieldFrame>
      <button type="submit" className="button button--small">
        {T.apply}
      </button>
    </form>
  );
}
