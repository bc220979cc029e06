import { useState, type FormEvent } from 'react';
import { errorMessage, fieldError } from '../api/api-error';
import { FormError } from '../ui/FormError';
import { SubmitButton } from '../ui/SubmitButton';
import { OpsField } from './OpsField';
import { percentText, readPosition } from './place-form';
import { updatePlace, type OpsPlace, type PlaceSaved } from './places-api';
import { PLACES_TEXTS as T } from './places-texts';
import { PositionFields, type PositionText } from './PositionFields';

interface Props {
  place: OpsPlace;
  onSaved: PlaceSaved;
}

/** Renames a place; a refused name (taken, empty) stays in the field with the reason under it. */
export function PlaceRenameForm({ place, onSaved }: Props) {
  const [name, setName] = useState(place.name);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const wanted = name.trim();
    if (!wanted) return setError(T.nameRequired);
    if (wanted === place.name) return setError(T.unchanged);
    setBusy(true);
    setError(undefined);
    try {
      onSaved(await updatePlace(place.id, { name: wanted }), T.renamed(wanted));
    } catch (failure) {
      setError(fieldError(failure, 'name') ?? errorMessage(failure, T.renameFailed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="places-form places-form--inline" noValidate onSubmit={(e) => void submit(e)}>
      <OpsField label={T.name} help={T.nameHelp} value={name} maxLength={50} autoComplete="off" error={error} onValue={setName} />
      <SubmitButton busy={busy} label={T.rename} busyLabel={T.saving} className="button button--ghost places-button" />
    </form>
  );
}

/**
 * Moves a place without dragging its pin. The fields follow the pin when it is dragged; a refused move keeps what
 * was typed, with the reason under the fields.
 */
export function PlaceMoveForm({ place, onSaved }: Props) {
  const shown = { x: percentText(place.x_norm), y: percentText(place.y_norm) };
  const [position, setPosition] = useState<PositionText>(shown);
  const [synced, setSynced] = useState(shown);
  const [errors, setErrors] = useState<{ x?: string; y?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  // The pin moved (a drag, a save): the fields show where it is now (React's "state from props" pattern).
  if (synced.x !== shown.x || synced.y !== shown.y) {
    setSynced(shown);
    setPosition(shown);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const { norm, errors: found } = readPosition(position, T.percentRange);
    if (!norm) return setErrors(found);
    if (norm.x === place.x_norm && norm.y === place.y_norm) return setErrors({ form: T.unchanged });
    setBusy(true);
    setErrors({});
    try {
      onSaved(await updatePlace(place.id, { x_norm: norm.x, y_norm: norm.y }), T.moved(place.name));
    } catch (failure) {
      const x = fieldError(failure, 'x_norm');
      const y = fieldError(failure, 'y_norm');
      setErrors(x || y ? { x, y } : { form: errorMessage(failure, T.tryAgain) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="places-form" noValidate onSubmit={(e) => void submit(e)}>
      <PositionFields value={position} errors={errors} onChange={setPosition} />
      <FormError message={errors.form} />
      <SubmitButton busy={busy} label={T.move} busyLabel={T.saving} className="button button--ghost places-button" />
    </form>
  );
}
