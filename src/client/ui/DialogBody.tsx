import { type ReactNode, type RefObject, useId } from 'react';
import { CloseIcon } from './icons';
import { ModalDialog } from './ModalDialog';
import { COMMON_TEXTS } from './texts';

export interface DialogProps {
  title: ReactNode;
  body?: ReactNode;
  /** Escape (and the ✕ button, when shown) call this. */
  onClose: () => void;
  showClose?: boolean;
  role?: 'dialog' | 'alertdialog';
  className?: string;
  /** See ModalDialog. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** The buttons. */
  children: ReactNode;
}

/** The app's message modal: title, optional text, then actions, in a native modal dialog. */
export function DialogBody({ title, body, onClose, showClose = false, role = 'dialog', className, initialFocus, children }: DialogProps) {
  const id = useId();
  return (
    <ModalDialog onCancel={onClose} role={role} className={className} initialFocus={initialFocus} labelledBy={`${id}-title`} describedBy={body ? `${id}-body` : undefined}>
      {showClose && (
        <button type="button" className="icon-button modal__close" aria-label={COMMON_TEXTS.close} onClick={onClose}>
          <CloseIcon />
        </button>
      )}
      {role === 'alertdialog' && !body ? (
        <p id={`${id}-title`} className="modal__title">
          {title}
        </p>
      ) : (
        <h2 id={`${id}-title`} className="modal__title">
          {title}
        </h2>
      )}
      {body && (
        <p id={`${id}-body`} className="modal__body">
          {body}
        </p>
      )}
      <div className="modal__actions">{children}</div>
    </ModalDialog>
  );
}
