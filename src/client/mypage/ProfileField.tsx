import { useId, type InputHTMLAttributes } from 'react';
import './fields.css';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'id'> {
  label: string;
  onValue: (value: string) => void;
  help?: string;
}

export function ProfileField({ label, onValue, help, ...input }: Props) {
  const id = useId();
  return (
    <div className="mp-field">
      <label className="mp-field__label" htmlFor={id}>
        {label}
      </label>
      <input id={id} className="mp-field__input" aria-describedby={help ? `${id}-help` : undefined} {...input} onChange={(e) => onValue(e.target.value)} />
      {help && (
        <p id={`${id}-help`} className="mp-field__help">
          {help}
        </p>
      )}
    </div>
  );
}
