import { promptDialogs } from './lazy-dialogs';
import type { LoginRequiredProps } from './prompt-dialogs';

/** 로그인이 필요합니다: the way to sign in, coming back here after (prompt-dialogs.tsx). */
export function LoginRequiredModal(props: LoginRequiredProps) {
  const m = promptDialogs.useModule();
  return m ? <m.LoginRequiredDialog {...props} /> : null;
}
