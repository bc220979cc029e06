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
