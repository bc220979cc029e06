interface Props {
  message: string | null | undefined;
  /** Keep the line's height while empty, so the submit button does not jump when a message appears. */
  reserve?: boolean;
}

/** A form's message, read out by screen readers as soon as it changes (role="alert"). */
export function FormError({ message, reserve = false }: Props) {
  return (
    <p className={reserve ? 'error-text error-text--reserve' : 'error-text'} role="alert">
      {message}
    </p>
  );
}

/**
 * One field's error, shown beside it. Not a live region: on submit focus moves to the first wrong field, which reads
 * it as the field's description, and an error clearing as the student types needs no announcement.
 */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p className="field__error" id={id}>
      {error}
    </p>
  ) : null;
}

/** The ARIA of a control with an error (and its other descriptions, such as help text): pass the ids that exist. */
export function fieldAria(errorId: string, error: string | undefined, ...described: (string | false | null | undefined)[]) {
  const ids = [...described, error && errorId].filter(Boolean).join(' ');
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': ids || undefined };
}
