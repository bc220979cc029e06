import { COMMON_TEXTS } from './texts';
import { useDialogFocus } from './use-dialog-focus';
import './modal.css';

/** A message with one 확인 button; Escape counts as 확인 because there is nothing else to choose. */
export function ConfirmModal({ message, onConfirm }: { message: string; onConfirm: () => void }) {
  const ref = useDialogFocus<HTMLDivElement>(onConfirm);
  return (
    <div className="modal-backdrop">
      <div ref={ref} className="modal" role="alertdialog" aria-modal="true" aria-labelledby="confirm-modal-message" tabIndex={-1}>
        <p id="confirm-modal-message" className="modal__title">
          {message}
        </p>
        <div className="modal__actions">
          <button type="button" className="button" onClick={onConfirm}>
            {COMMON_TEXTS.confirm}
          </button>
        </div>
      </div>
    </div>
  );
}
