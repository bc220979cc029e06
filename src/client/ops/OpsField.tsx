import type { InputHTMLAttributes, Ref } from 'react';
import { FieldFrame } from './FieldFrame';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange'> {
  label: string;
  help: string;
  /** Said beside the field (and read with it); the field is marked invalid while there is one. */
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
  onValue: (value: string) => void;
}

/** A console form's labelled text input with its help line and, when there is one, its error right under it. */
export function OpsField({ label, help, error, inputRef, onValue, ...input }: Props) {
  return (
    <FieldFrame label={label} help={help} error={error}>
      {(control) => <input {...input} {...control} ref={inputRef} className="field__input" onChange={(e) => onValue(e.target.value)} />}
    </FieldFrame>
  );
}
