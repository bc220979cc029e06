import { type FormEvent, type InputHTMLAttributes, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import { FormError } from '../ui/FormError';
import { SubmitButton } from '../ui/SubmitButton';
import { type FormProblem, PARTY_LIMITS as L } from './party-form-check';
import { clearPartyDraft, usePartyDraft } from './party-form-draft';
import { type FieldErrors, PARTY_FIELDS, type PartyField, type PartyFormValues, parseTags } from './party-form-values';
import { PARTY_FORM_TEXTS as T } from './party-form-texts';
import { FieldFrame } from './FieldFrame';
import type { PlaceChoice } from './use-place-choices';
import './party-form.css';

interface Props {
  /** Where the unsent form is kept ("new", or the party's id). */
  draftKey: string;
  initial: PartyFormValues;
  places: PlaceChoice[];
  submitLabel: string;
  busyLabel: string;
  backHref: string;
  /** What the operator should know before changing a field (seats already taken, a deposit that is fixed). */
  hints?: Partial<Record<PartyField, string>>;
  /** Checks and sends the form; never rejects. Null once it went through (the screen moves on), the problem otherwise. */
  onSubmit: (values: PartyFormValues) => Promise<FormProblem | null>;
}

const withHint = (base: string, hint?: string) => (hint ? `${base} · ${hint}` : base);

/** The party form of both the create and the edit screen: the server's and the check's messages beside each field. */
export function PartyForm({ draftKey, initial, places, submitLabel, busyLabel, backHref, hints = {}, onSubmit }: Props) {
  const id = useId();
  const [values, setValues] = usePartyDraft(draftKey, initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const controls = useRef<Partial<Record<PartyField, HTMLElement | null>>>({});
  const focusFirstError = useRef(false);

  // After a refused submit the first wrong field takes the focus, so its message is read and it can be fixed at once.
  useEffect(() => {
    if (!focusFirstError.current) return;
    focusFirstError.current = false;
    const first = PARTY_FIELDS.find((field) => errors[field]);
    if (first) controls.current[first]?.focus();
  }, [errors]);

  const edit = (key: keyof PartyFormValues, field: PartyField) => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  };
  const control = (field: PartyField) => (el: HTMLElement | null) => {
    controls.current[field] = el;
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setMessage(null);
    const problem = await onSubmit(values);
    if (!problem) {
      clearPartyDraft(draftKey);
      return;
    }
    setBusy(false);
    focusFirstError.current = true;
    setErrors(problem.fields);
    setMessage(problem.message ?? null);
  }

  const sortedPlaces = [...places].sort((a, b) => a.name.localeCompare(b.name, 'ko'));
  const tags = parseTags(values.tags);
  const startError = errors.start_time;
  const startDescribed = [`${id}-start-help`, startError ? `${id}-start-error` : ''].filter(Boolean).join(' ');

  const inputField = (field: PartyField, key: keyof PartyFormValues, label: string, help: string, attrs: InputHTMLAttributes<HTMLInputElement> = {}) => (
    <FieldFrame label={label} help={help} error={errors[field]}>
      {(props) => <input {...props} {...attrs} ref={control(field)} className="field__input" value={values[key]} onChange={(e) => edit(key, field)(e.target.value)} />}
    </FieldFrame>
  );
  // Date and time share one message: the start is one field to the server.
  const startInput = (key: 'date' | 'time', label: string) => (
    <div className="field">
      <label className="field__label party-form__sublabel" htmlFor={`${id}-${key}`}>
        {label}
      </label>
      <input
        id={`${id}-${key}`}
        ref={key === 'date' ? control('start_time') : undefined}
        type={key}
        className="field__input"
        value={values[key]}
        aria-invalid={startError ? true : undefined}
        aria-describedby={startDescribed}
        onChange={(e) => edit(key, 'start_time')(e.target.value)}
      />
    </div>
  );
  return (
    <form className="party-form" onSubmit={(e) => void submit(e)} noValidate>
      {inputField('title', 'title', T.title, T.upTo(L.title ?? 0))}
      <FieldFrame label={T.description} help={T.upTo(L.description ?? 0)} error={errors.description}>
        {(props) => (
          <textarea
            {...props}
            ref={control('description')}
            className="field__input field__input--multiline"
            rows={4}
            value={values.description}
            onChange={(e) => edit('description', 'description')(e.target.value)}
          />
        )}
      </FieldFrame>
      <FieldFrame label={T.place} error={errors.place_id}>
        {(props) => (
          <select {...props} ref={control('place_id')} className="field__input field__input--select" value={values.placeId} onChange={(e) => edit('placeId', 'place_id')(e.target.value)}>
            <option value="">{T.choosePlace}</option>
            {sortedPlaces.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        )}
      </FieldFrame>
      <fieldset className="party-form__start">
        <legend className="field__label">{T.start}</legend>
        <div className="party-form__row">
          {startInput('date', T.startDate)}
          {startInput('time', T.startTime)}
        </div>
        <p className="field__help" id={`${id}-start-help`}>
          {withHint(T.startHelp, hints.start_time)}
        </p>
        {startError && (
          <p className="party-form__error" id={`${id}-start-error`}>
            {startError}
          </p>
        )}
      </fieldset>
      <div className="party-form__row">
        {inputField('max_participants', 'seats', T.seats, withHint(T.seatsHelp(L.seatsMin, L.seatsMax), hints.max_participants), {
          type: 'number',
          inputMode: 'numeric',
          min: L.seatsMin,
          max: L.seatsMax,
        })}
        {inputField('deposit', 'deposit', T.deposit, withHint(T.depositHelp(L.depositMin, L.depositMax), hints.deposit), {
          type: 'number',
          inputMode: 'numeric',
          min: L.depositMin,
          max: L.depositMax,
        })}
      </div>
      {inputField('tags', 'tags', T.tags, T.tagsHelp(L.tagCount, L.tagLength))}
      {tags.length > 0 && (
        <ul className="party-form__tags" aria-label={T.tagsPreview}>
          {tags.map((tag) => (
            <li key={tag} className="chip chip--md chip--soft">
              #{tag}
            </li>
          ))}
        </ul>
      )}
      <FormError message={message} reserve />
      <div className="party-form__actions">
        <SubmitButton busy={busy} label={submitLabel} busyLabel={busyLabel} className="button party-form__submit" />
        <Link href={backHref} className="button button--ghost party-form__back">
          {T.back}
        </Link>
      </div>
    </form>
  );
}
