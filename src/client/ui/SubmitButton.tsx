interface Props {
  busy: boolean;
  label: string;
  /** Shown while the form is being sent, so a second tap has nothing to press. */
  busyLabel: string;
  className?: string;
}

export function SubmitButton({ busy, label, busyLabel, className = 'button' }: Props) {
  return (
    <button type="submit" className={className} disabled={busy}>
      {busy ? busyLabel : label}
    </button>
  );
}
