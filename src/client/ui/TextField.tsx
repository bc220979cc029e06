import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import './field.css';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'id'> {
  label: string;
  onValue: (value: string) => void;
  help?: string;
  /** Something beside the input, e.g. the phone verification button. */
  aside?: ReactNode;
}

export function TextField({ label, onValue, help, aside, ...input }: Props) {
  const id = useId();
  const helpId = `${id}-help`;
  const field = (
    <input
      id={id}
      className="field__input"
      aria-describedby={help ? helpId : undefined}
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
    </div>
  );
}
