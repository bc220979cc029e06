import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { fetchKakaoConfig } from '../api/kakao';
import { useAlert } from '../ui/use-alert';
import { buildAuthorizeUrl, leaveForKakao, ensureRedirectPath } from './kakao-flow';
import { AuthWorking } from './AuthWorking';
import './auth.css';

const T = {
  working: '카카오 로그인으로 이동 중...',
  configFailed: '카카오 로그인을 시작할 수 없습니다. 잠시 후 다시 시도해 주세요.',
} as const;

/** /kakao-login: remembers where to come back to, then hands the browser to Kakao's authorize page. */
export default function KakaoLoginScreen() {
  const [, navigate] = useLocation();
  const showAlert = useAlert();

  useEffect(() => {
    let alive = true;
    ensureRedirectPath();
    fetchKakaoConfig()
      .then((config) => {
        // The state is made only by the mount that really leaves (StrictMode mounts twice), so the one stored
        // is the one sent.
        if (alive) leaveForKakao(buildAuthorizeUrl(config));
      })
      .catch(async (error: unknown) => {
        if (!alive) return;
        console.warn('카카오 로그인 설정을 불러오지 못했습니다.', error);
        await showAlert(T.configFailed);
        navigate('/login', { replace: true });
      });
    return () => {
      alive = false;
    };
  }, [navigate, showAlert]);

  return <AuthWorking text={T.working} />;
}
