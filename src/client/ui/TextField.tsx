import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { FieldError, fieldAria } from './FormError';
import './field.css';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'id'> {
  label: string;
  onValue: (value: string) => void;
  help?: string;
  /** What is wrong with the value, shown under it (after the help text) and given as its description. */
  error?: string;
  /** Something beside the input, e.g. the phone verification button. */
  aside?: ReactNode;
}

export function TextField({ label, onValue, help, error, aside, ...input }: Props) {
  const id = useId();
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const field = (
    <input
      id={id}
      className="field__input"
      {...fieldAria(errorId, error, help && helpId)}
      {...input}
      onChange={(e) => onValue(e.target.value)}
    />
  );
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {aside ? (
        <div className="field__row">
          {field}
          {aside}
        </div>
      ) : (
        field
      )}
      {help && (
        <p className="field__help" id={helpId}>
          {help}
        </p>
      )}
      <FieldError id={errorId} error={error} />
    </div>
  );
}
