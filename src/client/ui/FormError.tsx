interface Props {
  message: string | null | undefined;
  /** Keep the line's height while empty, so the submit button does not jump when a message appears. */
  reserve?: boolean;
}

/**
 * A form's message, read out by screen readers as soon as it changes (role="alert"). A form that says each error once
 * (use-form-errors) focuses it when what went wrong belongs to no field; tabIndex -1 lets it take focus, not a Tab.
 */
export function FormError({ message, reserve = false }: Props) {
  return (
    <p className={reserve ? 'error-text error-text--reserve' : 'error-text'} role="alert" tabIndex={-1} data-form-message>
      {message}
    </p>
  );
}

/**
 * One field's error, shown beside it. Not a live region: on submit focus moves to the first wrong field, which reads
 * it as the field's description, and an error clearing as the student types needs no announcement. `live` is for an
 * error that comes without a submit (a photo refused as it is picked): said once, there, as soon as it shows.
 */
export function FieldError({ id, error, live = false }: { id: string; error: string | undefined; live?: boolean }) {
  return error ? (
    <p className="field__error" id={id} role={live ? 'alert' : undefined}>
      {error}
    </p>
  ) : null;
}

/** The ARIA of a control with an error (and its other descriptions, such as help text): pass the ids that exist. */
export function fieldAria(errorId: string, error: string | undefined, ...described: (string | false | null | undefined)[]) {
  const ids = [...described, error && errorId].filter(Boolean).join(' ');
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': ids || undefined };
}
