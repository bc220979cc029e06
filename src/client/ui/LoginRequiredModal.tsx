import { useLocation } from 'wouter';
import { STORAGE } from '../../shared/storage-keys';
import { CloseIcon } from './icons';
import { COMMON_TEXTS, LOGIN_MODAL_TEXTS as T } from './texts';
import { useDialogFocus } from './use-dialog-focus';
import './modal.css';

interface Props {
  onClose: () => void;
  /** Where to come back after signing in; the current screen unless a screen knows better. */
  redirectPath?: string;
}

export function LoginRequiredModal({ onClose, redirectPath }: Props) {
  const [location, navigate] = useLocation();
  const ref = useDialogFocus<HTMLDivElement>(onClose);

  // Both ways in remember the screen, so after signing in the student lands where they were going.
  const go = (to: string) => {
    try {
      localStorage.setItem(STORAGE.redirectPath, redirectPath ?? location);
    } catch {
      /* without storage the student simply lands on home after signing in */
    }
    navigate(to);
  };

  return (
    <div className="modal-backdrop">
      <div
        ref={ref}
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby="login-required-title"
        aria-describedby="login-required-body"
        tabIndex={-1}
      >
        <button type="button" className="icon-button modal__close" aria-label={COMMON_TEXTS.close} onClick={onClose}>
          <CloseIcon />
        </button>
        <h2 id="login-required-title" className="modal__title">
          {T.title}
        </h2>
        <p id="login-required-body" className="modal__body">
          {T.body}
        </p>
        <div className="modal__actions">
          <button type="button" className="button button--kakao" onClick={() => go('/kakao-login')}>
            {T.kakao}
          </button>
          <button type="button" className="button button--ghost" onClick={() => go('/login')}>
            {T.login}
          </button>
        </div>
      </div>
    </div>
  );
}
