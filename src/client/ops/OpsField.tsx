import { useId, type InputHTMLAttributes, type Ref } from 'react';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange'> {
  label: string;
  help: string;
  /** Said beside the field (and read with it); the field is marked invalid while there is one. */
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
  onValue: (value: string) => void;
}

/** A console form's labelled input with its help line and, when there is one, its error right under it. */
export function OpsField({ label, help, error, inputRef, onValue, ...input }: Props) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        {...input}
        ref={inputRef}
        id={id}
        className="field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-help ${id}-error` : `${id}-help`}
        onChange={(e) => onValue(e.target.value)}
      />
      <p id={`${id}-help`} className="field__help">
        {help}
      </p>
      {error && (
        <p id={`${id}-error`} className="error-text">
          {error}
        </p>
      )}
    </div>
  );
}
