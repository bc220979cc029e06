import { type ReactNode, useId } from 'react';
import { FieldError, fieldAria } from '../ui/FormError';

/** What a control needs to be tied to its label, its help and its error. */
interface ControlProps {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
}

interface Props {
  label: string;
  help?: ReactNode;
  /** The check's or the server's message, shown under the control and read with it. */
  error?: string;
  children: (control: ControlProps) => ReactNode;
}

/**
 * A console form's labelled control (an input, a select, a textarea) with its help and, when something is wrong,
 * its message right under it, read with it.
 */
export function FieldFrame({ label, help, error, children }: Props) {
  const id = useId();
  const aria = fieldAria(`${id}-error`, error, help ? `${id}-help` : undefined);
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children({ id, 'aria-invalid': aria['aria-invalid'], 'aria-describedby': aria['aria-describedby'] })}
      {help && (
        <p className="field__help" id={`${id}-help`}>
          {help}
        </p>
      )}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}
