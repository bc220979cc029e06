import { Dialog } from '../ui/Dialog';

interface Props {
  title: string;
  body: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  /** Escape and the cancel button. */
  onCancel: () => void;
}

/** A console action that cannot be undone or reaches a student (a warning, a take-back), said once more first. */
export function ConfirmDialog({ title, body, confirmLabel, cancelLabel, onConfirm, onCancel }: Props) {
  return (
    <Dialog title={title} body={body} onClose={onCancel} role="alertdialog">
      <button type="button" className="button ops-button--danger" onClick={onConfirm}>
        {confirmLabel}
      </button>
      <button type="button" className="button button--ghost" onClick={onCancel}>
        {cancelLabel}
      </button>
    </Dialog>
  );
}
