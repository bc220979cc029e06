import { useEffect, useRef, useState, type FormEvent } from 'react';
import { errorMessage, fieldError } from '../api/api-error';
import { FormError } from '../ui/FormError';
import { SubmitButton } from '../ui/SubmitButton';
import { OpsField } from './OpsField';
import { readPosition } from './place-form';
import { createPlace } from './places-api';
import { PLACES_TEXTS as T } from './places-texts';
import { PositionFields, type PositionText } from './PositionFields';

export interface PlaceDraft extends PositionText {
  name: string;
}

interface Props {
  /** Kept by the screen: a tap on the map or the new pin's drag fills the position. */
  draft: PlaceDraft;
  onChange: (draft: PlaceDraft) => void;
  onCancel: () => void;
  onCreated: (id: number, name: string) => void;
}

type Errors = { name?: string; x?: string; y?: string; form?: string };

/** The new place's name and position; on a refusal what was typed stays, with the server's words beside it. */
export function PlaceAddForm({ draft, onChange, onCancel, onCreated }: Props) {
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  // After a refused submit, the first field with a message takes the focus (and reads it).
  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const name = draft.name.trim();
    const position = readPosition(draft, T.pickSpot);
    if (!name || !position.norm) {
      setErrors({ name: name ? undefined : T.nameRequired, ...position.errors });
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      const { id } = await createPlace({ name, x_norm: position.norm.x, y_norm: position.norm.y });
      onCreated(id, name);
    } catch (failure) {
      const server = { name: fieldError(failure, 'name'), x: fieldError(failure, 'x_norm'), y: fieldError(failure, 'y_norm') };
      setErrors(server.name || server.x || server.y ? server : { form: errorMessage(failure, T.createFailed) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="places-panel" aria-labelledby="places-add-title">
      <h2 id="places-add-title" className="ops-section__title">
        {T.addTitle}
      </h2>
      <p className="field__help">{T.addHint}</p>
      <form ref={formRef} className="places-form" noValidate onSubmit={(e) => void submit(e)}>
        <OpsField label={T.name} help={T.nameHelp} value={draft.name} maxLength={50} autoComplete="off" error={errors.name} onValue={(name) => onChange({ ...draft, name })} />
        <PositionFields value={draft} errors={errors} onChange={(position) => onChange({ ...draft, ...position })} />
        <FormError message={errors.form} />
        <div className="places-form__actions">
          <SubmitButton busy={busy} label={T.create} busyLabel={T.creating} className="button places-button" />
          <button type="button" className="button button--ghost places-button" onClick={onCancel}>
            {T.cancel}
          </button>
        </div>
      </form>
    </section>
  );
}
