import { type ReactNode, useId } from 'react';

/** What a control needs to be tied to its label, its help and its error. */
interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
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
  const described = [help ? `${id}-help` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': described || undefined })}
      {help && (
        <p className="field__help" id={`${id}-help`}>
          {help}
        </p>
      )}
      {error && (
        <p className="error-text" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
