import { CloseIcon } from '../ui/icons';
import { COMMON_TEXTS } from '../ui/texts';
import { useDialogFocus } from '../ui/use-dialog-focus';
import { HELP_TEXTS as T } from './mypage-texts';
import '../ui/modal.css';
import './sheets.css';

/** A short in-app help sheet: the rules a student most often asks about, without leaving the app. */
export function HelpSheet({ onClose }: { onClose: () => void }) {
  const ref = useDialogFocus<HTMLDivElement>(onClose);
  return (
    <div className="modal-backdrop" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div ref={ref} className="modal mypage-sheet" role="dialog" aria-modal="true" aria-labelledby="help-title" tabIndex={-1}>
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
      </div>
    </div>
  );
}
