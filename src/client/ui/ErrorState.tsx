import { useLocation } from 'wouter';
import { COMMON_TEXTS } from './texts';

interface Props {
  /** What happened, in the screen's own words (the spec's texts where it has them). */
  message: string;
  /** What it likely means for the student. */
  hint?: string;
  /** Offered when trying again may help (a network or server failure); a page that does not exist gets none. */
  retry?: () => void;
}

/** A screen that could not show what it was opened for: says what happened and always offers a way on. */
export function ErrorState({ message, hint, retry }: Props) {
  const [location, navigate] = useLocation();
  // On home itself, 홈으로 가기 would only reload what just failed; 다시 시도 says that better.
  const home = !(retry && (location === '/' || location === '/home'));
  return (
    <div className="error-state" role="alert">
      <p className="error-state__message">{message}</p>
      {hint && <p className="error-state__hint">{hint}</p>}
      <div className="error-state__actions">
        {retry && (
          <button type="button" className="button" onClick={retry}>
            {COMMON_TEXTS.retry}
          </button>
        )}
        {home && (
          <button type="button" className={retry ? 'button button--ghost' : 'button'} onClick={() => navigate('/', { replace: true })}>
            {COMMON_TEXTS.goHome}
          </button>
        )}
      </div>
    </div>
  );
}
