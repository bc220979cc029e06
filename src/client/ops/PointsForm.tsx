import { useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import type { opsPointsGranted, opsUser } from '../../shared/ops-contract';
import { POINTS_REASON_MAX } from '../../shared/points';
import { errorMessage, fieldError } from '../api/api-error';
import { FormError } from '../ui/FormError';
import { SubmitButton } from '../ui/SubmitButton';
import { ConfirmDialog } from './ConfirmDialog';
import { opsFetch } from './ops-api';
import { OpsField } from './OpsField';
import { POINTS_TEXTS as T } from './points-texts';

type Direction = 'give' | 'take';
type Fields = { amount?: string; reason?: string };

interface Props {
  user: z.infer<typeof opsUser>;
  /** After a change the server accepted: the balance and ledger are read again. */
  onDone: () => unknown;
}

/** "1,000" and " 1000 " are the same whole number; anything else is not one. */
function parseAmount(text: string): number | null {
  const digits = text.replace(/[,\s]/g, '');
  if (!/^\d+$/.test(digits)) return null;
  const n = Number(digits);
  return n > 0 && Number.isSafeInteger(n) ? n : null;
}

/** Grants or takes back points with a reason; a take-back is confirmed first. What was typed survives a failure. */
export function PointsForm({ user, onDone }: Props) {
  const [direction, setDirection] = useState<Direction>('give');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Fields>({});
  const [failure, setFailure] = useState('');
  const [outcome, setOutcome] = useState('');
  const [sending, setSending] = useState(false);
  const [confirming, setConfirming] = useState<number | null>(null);
  const amountField = useRef<HTMLInputElement>(null);
  const reasonField = useRef<HTMLInputElement>(null);

  // The first field with a message takes the focus, so a keyboard or screen reader user lands on what to fix.
  function showErrors(found: Fields) {
    setErrors(found);
    if (found.amount) amountField.current?.focus();
    else if (found.reason) reasonField.current?.focus();
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (sending) return;
    setOutcome('');
    setFailure('');
    const n = parseAmount(amount);
    const found: Fields = {};
    if (n === null) found.amount = T.amountRequired;
    else if (direction === 'take' && n > user.points) found.amount = T.overBalance(user.points);
    if (!reason.trim()) found.reason = T.reasonRequired;
    showErrors(found);
    if (n === null || found.amount || found.reason) return;
    if (direction === 'take') setConfirming(n);
    else void send(n);
  }

  async function send(n: number) {
    setConfirming(null);
    setSending(true);
    try {
      const signed = direction === 'take' ? -n : n;
      const result = await opsFetch<z.infer<typeof opsPointsGranted>>(`/api/ops/users/${user.id}/points/`, { method: 'POST', json: { amount: signed, reason: reason.trim() } });
      setOutcome(direction === 'take' ? T.takenBack(user.name, n, result.points) : T.given(user.name, n, result.points));
      setAmount('');
      setReason('');
      setDirection('give');
      await onDone();
    } catch (err) {
      // The server's words go beside the field they are about; anything else under the form.
      const fields: Fields = { amount: fieldError(err, 'amount'), reason: fieldError(err, 'reason') };
      showErrors(fields);
      if (!fields.amount && !fields.reason) setFailure(errorMessage(err, T.failed));
    } finally {
      setSending(false);
    }
  }

  return (
    <section className="ops-section" aria-labelledby="ops-points-form-title">
      <h2 id="ops-points-form-title" className="ops-section__title">
        {T.grantTitle}
      </h2>
      <form className="ops-points-form" noValidate onSubmit={submit}>
        <fieldset className="ops-points-direction">
          <legend>{T.direction}</legend>
          {(['give', 'take'] as const).map((d) => (
            <label key={d} className="ops-points-direction__choice">
              <input type="radio" name="direction" value={d} checked={direction === d} onChange={() => setDirection(d)} />
              <span>{d === 'give' ? T.give : T.takeBack}</span>
            </label>
          ))}
        </fieldset>
        <OpsField label={T.amount} help={T.amountHelp} error={errors.amount} inputRef={amountField} inputMode="numeric" autoComplete="off" value={amount} onValue={setAmount} />
        <OpsField label={T.reason} help={T.reasonHelp} error={errors.reason} inputRef={reasonField} maxLength={POINTS_REASON_MAX} value={reason} onValue={setReason} />
        <FormError message={failure} />
        <SubmitButton busy={sending} label={direction === 'take' ? T.submitTakeBack : T.submitGive} busyLabel={T.sending} className="button ops-points-submit" />
        <p className="ops-points-outcome" role="status">
          {outcome}
        </p>
      </form>
      {confirming !== null && (
        <ConfirmDialog
          title={T.confirmTakeBackTitle(user.name, confirming)}
          body={T.confirmTakeBackBody(user.points, confirming)}
          confirmLabel={T.submitTakeBack}
          cancelLabel={T.cancel}
          onConfirm={() => void send(confirming)}
          onCancel={() => setConfirming(null)}
        />
      )}
    </section>
  );
}
