import { useLocation } from 'wouter';
import { rememberRedirectPath } from '../lib/redirect-path';
import { Dialog } from './Dialog';
import { LOGIN_MODAL_TEXTS as T } from './texts';

interface Props {
  onClose: () => void;
  /** Where to come back after signing in; the current screen unless a screen knows better. */
  redirectPath?: string;
}

export function LoginRequiredModal({ onClose, redirectPath }: Props) {
  const [location, navigate] = useLocation();
  // Both ways in remember the screen, so after signing in the student lands where they were going.
  const go = (to: string) => {
    rememberRedirectPath(redirectPath ?? location);
    navigate(to);
  };
  return (
    <Dialog title={T.title} body={T.body} onClose={onClose} showClose>
      <button type="button" className="button button--kakao" onClick={() => go('/kakao-login')}>
        {T.kakao}
      </button>
      <button type="button" className="button button--ghost" onClick={() => go('/login')}>
        {T.login}
      </button>
    </Dialog>
  );
}
