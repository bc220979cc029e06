import { useLocation } from 'wouter';
import { STORAGE } from '../../shared/storage-keys';
import { useDialogFocus } from '../ui/use-dialog-focus';
import { ASSIST_TEXTS as T } from './assist-texts';
import '../ui/modal.css';

const REDIRECT = '/assist';

/**
 * Spec §2 describes both "a login prompt modal (closing goes to /, redirect target /assist)" and "a popup with a
 * login button to /kakao-login and a back button to /": one popup does both jobs.
 */
export function AssistLoginPopup() {
  const [, navigate] = useLocation();
  const leave = () => navigate('/', { replace: true });
  const ref = useDialogFocus<HTMLDivElement>(leave);

  const login = () => {
    try {
      localStorage.setItem(STORAGE.redirectPath, REDIRECT);
    } catch {
      /* without storage the student lands on home after signing in */
    }
    navigate('/kakao-login');
  };

  return (
    <div className="modal-backdrop">
      <div
        ref={ref}
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby="assist-login-title"
        aria-describedby="assist-login-body"
        tabIndex={-1}
      >
        <h2 id="assist-login-title" className="modal__title">
          {T.loginTitle}
        </h2>
        <p id="assist-login-body" className="modal__body">
          {T.loginBody}
        </p>
        <div className="modal__actions">
          <button type="button" className="button" onClick={login}>
            {T.login}
          </button>
          <button type="button" className="button button--ghost" onClick={leave}>
            {T.back}
          </button>
        </div>
      </div>
    </div>
  );
}
