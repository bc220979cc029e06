import { CloseIcon } from '../ui/icons';
import { ModalDialog } from '../ui/ModalDialog';
import { COMMON_TEXTS } from '../ui/texts';
import { HELP_TEXTS as T } from './mypage-texts';
import './sheets.css';

/** A short in-app help sheet: the rules a student most often asks about, without leaving the app. */
export function HelpSheet({ onClose }: { onClose: () => void }) {
  return (
    <ModalDialog onCancel={onClose} className="mypage-sheet" labelledBy="help-title" closeOnBackdrop>
      <button type="button" className="icon-button modal__close" aria-label={COMMON_TEXTS.close} onClick={onClose}>
        <CloseIcon />
      </button>
      <h2 id="help-title" className="modal__title">
        {T.title}
      </h2>
      <dl className="mypage-help">
        {T.items.map(([term, text]) => (
          <div key={term} className="mypage-help__item">
            <dt>{term}</dt>
            <dd>{text}</dd>
          </div>
        ))}
      </dl>
      <button type="button" className="button" onClick={onClose}>
        {COMMON_TEXTS.confirm}
      </button>
    </ModalDialog>
  );
}
