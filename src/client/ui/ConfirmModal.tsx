import { Dialog } from './Dialog';
import { COMMON_TEXTS } from './texts';

/** A message with one 확인 button; Escape counts as 확인 because there is nothing else to choose. */
export function ConfirmModal({ message, onConfirm }: { message: string; onConfirm: () => void }) {
  return (
    <Dialog title={message} onClose={onConfirm} role="alertdialog">
      <button type="button" className="button" onClick={onConfirm}>
        {COMMON_TEXTS.confirm}
      </button>
    </Dialog>
  );
}
