import { type ReactNode, useId } from 'react';
import { CloseIcon } from './icons';
import { COMMON_TEXTS } from './texts';
import { useDialogFocus } from './use-dialog-focus';
import './modal.css';

interface Props {
  title: ReactNode;
  body?: ReactNode;
  /** Escape (and the ✕ button, when shown) call this. */
  onClose: () => void;
  showClose?: boolean;
  role?: 'dialog' | 'alertdialog';
  /** The buttons. */
  children: ReactNode;
}

/** The app's modal: backdrop, labelled aria-modal box with trapped focus, title, optional text, then actions. */
export function Dialog({ title, body, onClose, showClose = false, role = 'dialog', children }: Props) {
  const ref = useDialogFocus<HTMLDivElement>(onClose);
  const id = useId();
  return (
    <div className="modal-backdrop">
      <div
        ref={ref}
        className="modal"
        role={role}
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={body ? `${id}-body` : undefined}
        tabIndex={-1}
      >
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
      </div>
    </div>
  );
}
