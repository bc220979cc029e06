import type { MouseEvent } from 'react';

interface Props {
  busy: boolean;
  label: string;
  /** Shown while the form is being sent, so a second tap has nothing to press. */
  busyLabel: string;
  className?: string;
}

/**
 * A form's submit button. While the form is being sent it is aria-disabled, not disabled: a disabled button drops
 * its focus to the page, so after a failure (and the alert it brings) focus could not come back to where the
 * student was. A tap or Enter then does nothing (cancelling the click cancels the submission it would start).
 */
export function SubmitButton({ busy, label, busyLabel, className = 'button' }: Props) {
  const hold = (event: MouseEvent<HTMLButtonElement>) => {
    if (busy) event.preventDefault();
  };
  return (
    <button type="submit" className={className} aria-disabled={busy || undefined} onClick={hold}>
      {busy ? busyLabel : label}
    </button>
  );
}
