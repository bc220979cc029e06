import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useSignIn } from '../state/use-session-actions';
import { useAlert } from '../ui/use-alert';
import { completeKakaoCallback, KAKAO_CALLBACK_TEXTS as T } from './kakao-callback';
import { AuthWorking } from './AuthWorking';
import './auth.css';

/** /oauth/kakao/callback: Kakao (or the local stand-in) sends the student back here with ?code or ?error. */
export default function KakaoCallbackScreen() {
  const [, navigate] = useLocation();
  const search = useSearch();
  const signIn = useSignIn();
  const showAlert = useAlert();

  useEffect(() => {
    let alive = true;
    // Dropped on purpose: the callback's failure is caught into the fallback outcome, and acting on it only alerts
    // and navigates.
    void completeKakaoCallback(search, signIn)
      .catch((error: unknown) => {
        console.warn('카카오 로그인 처리 중 오류가 발생했습니다.', error);
        return { to: '/', alert: undefined };
      })
      .then(async (outcome) => {
        // Only the mount still on screen acts, so StrictMode's double mount alerts and navigates once.
        if (!alive) return;
        if (outcome.alert) await showAlert(outcome.alert);
        // Replace: Back must never land on a callback whose code is already spent.
        navigate(outcome.to, { replace: true });
      });
    return () => {
      alive = false;
    };
  }, [search, signIn, navigate, showAlert]);

  return <AuthWorking text={T.working} />;
}
