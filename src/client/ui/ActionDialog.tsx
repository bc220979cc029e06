import { useId, type ReactNode } from 'react';
import { FormError } from './FormError';
import { ModalDialog } from './ModalDialog';

interface Props {
  title: string;
  /** What the action will do, said before it is taken (the dialog's description). */
  children: ReactNode;
  confirmLabel: string;
  /** The confirm button's label while the request is out. */
  sendingLabel: string;
  keepLabel: string;
  /** The request is out: nothing dismisses the dialog, its answer decides what comes next. */
  sending: boolean;
  /** What the server refused, shown inside the dialog (which stays open). */
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
  /** The confirm button is not ready yet (the terms it confirms are still loading). */
  confirmDisabled?: boolean;
  className?: string;
  confirmClassName?: string;
  closeOnBackdrop?: boolean;
}

/**
 * Asks before an action that cannot be taken back (leaving a party, an operator cancelling one): what it will do,
 * then confirm or keep. Escape, back or 그대로 두기 close it — except while the request is out; a refusal is said
 * inside it.
 */
export function ActionDialog(props: Props) {
  const { title, children, confirmLabel, sendingLabel, keepLabel, sending, error, onConfirm, onClose } = props;
  const id = useId();
  const close = () => !sending && onClose();
  return (
    <ModalDialog
      onCancel={close}
      className={props.className}
      role="alertdialog"
      labelledBy={`${id}-title`}
      describedBy={`${id}-what`}
      closeOnBackdrop={props.closeOnBackdrop}
    >
      <h2 id={`${id}-title`} className="modal__title">
        {title}
      </h2>
      <div id={`${id}-what`}>{children}</div>
      <FormError message={error} />
      <div className="modal__actions">
        <button type="button" className={props.confirmClassName ?? 'button'} disabled={sending || props.confirmDisabled} onClick={onConfirm}>
          {sending ? sendingLabel : confirmLabel}
        </button>
        <button type="button" className="button button--ghost" disabled={sending} onClick={onClose}>
          {keepLabel}
        </button>
      </div>
    </ModalDialog>
  );
}
