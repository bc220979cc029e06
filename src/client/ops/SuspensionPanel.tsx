import { useId, useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import type { opsSuspended, opsUser } from '../../shared/ops-contract';
import { SUSPENSION_REASON_MAX, suspensionUntil } from '../../shared/suspension';
import { errorMessage, fieldError } from '../api/api-error';
import { formatDateTime } from '../lib/format-date';
import { FormError } from '../ui/FormError';
import { SubmitButton } from '../ui/SubmitButton';
import { ConfirmDialog } from './ConfirmDialog';
import { FieldFrame } from './FieldFrame';
import { opsFetch } from './ops-api';
import { OpsField } from './OpsField';
import { isoToSeoulWallTime, seoulWallTimeToIso } from './seoul-time';
import { SUSPENSION_TEXTS as T } from './suspension-texts';
import './suspension.css';

type OpsUser = z.infer<typeof opsUser>;
type EndChoice = 'date' | 'none';
type Fields = { reason?: string; endsAt?: string };

interface Props {
  user: OpsUser;
  /** After the server accepted a suspension or a lift: the student is read again. */
  onDone: () => unknown;
}

const DAY_MS = 86_400_000;

/** The chosen campus day's end: the next midnight in Seoul, the instant the suspension ends by itself. */
function endOfSeoulDay(date: string): string | null {
  const start = seoulWallTimeToIso(date, '00:00');
  return start && new Date(new Date(start).getTime() + DAY_MS).toISOString();
}

/**
 * A student's suspension on their console page (issue 29): the one in force with its reason, end and the way to lift
 * it, or the form that suspends — with the suggestion when warnings have piled up since the last one. Both actions
 * reach the student at once (their sessions end, their seats go), so each is confirmed first.
 */
export function SuspensionPanel({ user, onDone }: Props) {
  const titleId = useId();
  const [outcome, setOutcome] = useState('');
  const [lifting, setLifting] = useState(false);
  const [confirmLift, setConfirmLift] = useState(false);
  const [liftFailure, setLiftFailure] = useState('');
  if (user.withdrawn) return null;
  const current = user.suspension;

  async function lift() {
    setConfirmLift(false);
    setLifting(true);
    setLiftFailure('');
    try {
      await opsFetch<null>(`/api/ops/users/${user.id}/suspension/`, { method: 'DELETE' });
      setOutcome(T.lifted(user.name));
      await onDone();
    } catch (err) {
      setLiftFailure(errorMessage(err, T.failed));
    } finally {
      setLifting(false);
    }
  }

  return (
    <section className="ops-section ops-suspension" aria-labelledby={titleId}>
      <h2 id={titleId} className="ops-section__title">
        {T.title}
      </h2>
      <p className="ops-suspension__warnings">{T.warnings(user.warnings, user.warnings_since_suspension, user.warnings !== user.warnings_since_suspension)}</p>
      {user.suspension_suggested && <p className="ops-suspension__suggested">{T.suggested}</p>}
      {current ? (
        <div className="ops-suspension__current">
          <p className="ops-suspension__state">{T.inForce}</p>
          <dl className="ops-facts">
            <dt>{T.reason}</dt>
            <dd>{current.reason}</dd>
            <dt>{T.until}</dt>
            <dd>{suspensionUntil(current.ends_at, new Date())}</dd>
            <dt>{T.refundRule}</dt>
            <dd>{current.refund_in_full ? T.refundInFullYes : T.refundInFullNo}</dd>
            <dt>{T.by}</dt>
            <dd>
              {current.actor} · {formatDateTime(current.created_at)}
            </dd>
          </dl>
          <FormError message={liftFailure} />
          <button type="button" className="button button--ghost ops-suspension__lift" disabled={lifting} onClick={() => setConfirmLift(true)}>
            {lifting ? T.lifting : T.lift}
          </button>
        </div>
      ) : (
        <SuspendForm user={user} onSuspended={async (message) => {
          setOutcome(message);
          await onDone();
        }} />
      )}
      {/* Polite like a status, without the role: the points form above holds the page's one status line. */}
      <p className="ops-points-outcome" aria-live="polite">
        {outcome}
      </p>
      {confirmLift && (
        <ConfirmDialog
          title={T.confirmLiftTitle(user.name)}
          body={T.confirmLiftBody}
          confirmLabel={T.lift}
          cancelLabel={T.cancel}
          onConfirm={() => void lift()}
          onCancel={() => setConfirmLift(false)}
        />
      )}
    </section>
  );
}

function SuspendForm({ user, onSuspended }: { user: OpsUser; onSuspended: (message: string) => Promise<void> }) {
  const [reason, setReason] = useState('');
  const [end, setEnd] = useState<EndChoice>('date');
  const [date, setDate] = useState('');
  const [refundInFull, setRefundInFull] = useState(false);
  const [errors, setErrors] = useState<Fields>({});
  const [failure, setFailure] = useState('');
  const [sending, setSending] = useState(false);
  const [confirming, setConfirming] = useState<{ endsAt: string | null } | null>(null);
  const reasonField = useRef<HTMLInputElement>(null);
  const dateField = useRef<HTMLInputElement>(null);
  const today = isoToSeoulWallTime(new Date().toISOString()).date;

  // The first field with a message takes the focus, so a keyboard or screen reader user lands on what to fix.
  function showErrors(found: Fields) {
    setErrors(found);
    if (found.reason) reasonField.current?.focus();
    else if (found.endsAt) dateField.current?.focus();
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (sending) return;
    setFailure('');
    const found: Fields = {};
    const text = reason.trim();
    if (!text) found.reason = T.reasonRequired;
    else if (text.length > SUSPENSION_REASON_MAX) found.reason = T.reasonTooLong;
    let endsAt: string | null = null;
    if (end === 'date') {
      endsAt = date ? endOfSeoulDay(date) : null;
      if (!endsAt) found.endsAt = T.dateRequired;
      else if (date < today) found.endsAt = T.dateInPast;
    }
    showErrors(found);
    if (found.reason || found.endsAt) return;
    setConfirming({ endsAt });
  }

  async function send(endsAt: string | null) {
    setConfirming(null);
    setSending(true);
    try {
      const done = await opsFetch<z.infer<typeof opsSuspended>>(`/api/ops/users/${user.id}/suspension/`, {
        method: 'POST',
        json: { reason: reason.trim(), ends_at: endsAt, refund_in_full: refundInFull },
      });
      const refunded = done.released.reduce((sum, r) => sum + r.refunded, 0);
      setReason('');
      setDate('');
      setRefundInFull(false);
      await onSuspended(T.done(user.name, done.released.length, refunded));
    } catch (err) {
      // The server's words go beside the field they are about; anything else under the form.
      const fields: Fields = { reason: fieldError(err, 'reason'), endsAt: fieldError(err, 'ends_at') };
      showErrors(fields);
      if (!fields.reason && !fields.endsAt) setFailure(errorMessage(err, T.failed));
    } finally {
      setSending(false);
    }
  }

  return (
    <form className="ops-points-form ops-suspension__form" noValidate onSubmit={submit}>
      <OpsField label={T.reasonLabel} help={T.reasonHelp} error={errors.reason} inputRef={reasonField} maxLength={SUSPENSION_REASON_MAX} autoComplete="off" value={reason} onValue={setReason} />
      <fieldset className="ops-suspension__end">
        <legend>{T.endLegend}</legend>
        {(['date', 'none'] as const).map((choice) => (
          <label key={choice} className="ops-suspension__choice">
            <input type="radio" name="suspension-end" value={choice} checked={end === choice} onChange={() => setEnd(choice)} />
            <span>{choice === 'date' ? T.endDate : T.endNone}</span>
          </label>
        ))}
      </fieldset>
      {end === 'date' && (
        <FieldFrame label={T.endDateLabel} help={T.endDateHelp} error={errors.endsAt}>
          {(control) => <input {...control} ref={dateField} type="date" className="field__input" min={today} value={date} onChange={(e) => setDate(e.target.value)} />}
        </FieldFrame>
      )}
      <label className="ops-suspension__refund">
        <input type="checkbox" checked={refundInFull} onChange={(e) => setRefundInFull(e.target.checked)} />
        <span>{T.refundInFull}</span>
      </label>
      <p className="field__help">{T.refundHelp}</p>
      <FormError message={failure} />
      <SubmitButton busy={sending} label={T.submit} busyLabel={T.sending} className="button ops-button--danger ops-suspension__submit" />
      {confirming && (
        <ConfirmDialog
          title={T.confirmTitle(user.name)}
          body={T.confirmBody}
          confirmLabel={T.submit}
          cancelLabel={T.cancel}
          onConfirm={() => void send(confirming.endsAt)}
          onCancel={() => setConfirming(null)}
        />
      )}
    </form>
  );
}
