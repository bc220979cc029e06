import { useLocation } from 'wouter';
import { rememberRedirectPath } from '../lib/redirect-path';
import { Dialog } from '../ui/Dialog';
import { ASSIST_TEXTS as T } from './assist-texts';

/**
 * Spec §2 describes both "a login prompt modal (closing goes to /, redirect target /assist)" and "a popup with a
 * login button to /kakao-login and a back button to /": one popup does both jobs.
 */
export function AssistLoginPopup() {
  const [, navigate] = useLocation();
  const leave = () => navigate('/', { replace: true });
  const login = () => {
    rememberRedirectPath('/assist');
    navigate('/kakao-login');
  };
  return (
    <Dialog title={T.loginTitle} body={T.loginBody} onClose={leave}>
      <button type="button" className="button" onClick={login}>
        {T.login}
      </button>
      <button type="button" className="button button--ghost" onClick={leave}>
        {T.back}
      </button>
    </Dialog>
  );
}
