import { useId, type InputHTMLAttributes, type Ref } from 'react';
import '../ui/field.css';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'id'> {
  label: string;
  onValue: (value: string) => void;
  /** The field's own message (the server's or the form's check), shown under it and read with it. */
  error?: string;
  help?: string;
  inputRef?: Ref<HTMLInputElement>;
}

/** A labelled input of the places screen with its message beside it (TextField has no place for one). */
export function PlaceField({ label, onValue, error, help, inputRef, ...input }: Props) {
  const id = useId();
  const described = [help ? `${id}-help` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        className="field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        {...input}
        onChange={(e) => onValue(e.target.value)}
      />
      {help && (
        <p className="field__help" id={`${id}-help`}>
          {help}
        </p>
      )}
      {error && (
        <p className="error-text places-field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
