import { useLocation } from 'wouter';
import { ScreenPage } from './ScreenPage';
import { COMMON_TEXTS } from './texts';

export function NotFoundScreen() {
  const [, navigate] = useLocation();
  return (
    <ScreenPage title={COMMON_TEXTS.notFound}>
      <div className="not-found">
        <button type="button" className="button" onClick={() => navigate('/', { replace: true })}>
          {COMMON_TEXTS.goHome}
        </button>
      </div>
    </ScreenPage>
  );
}
