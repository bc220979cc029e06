import { useLocation } from 'wouter';
import { BackIcon } from './icons';
import { COMMON_TEXTS } from './texts';

/** Goes back in history; opened from a shared link (no history), it goes to `fallback` instead of leaving the app. */
export function BackButton({ fallback = '/' }: { fallback?: string }) {
  const [, navigate] = useLocation();
  const goBack = () => {
    if (window.history.length > 1) window.history.back();
    else navigate(fallback);
  };
  return (
    <button type="button" className="icon-button" aria-label={COMMON_TEXTS.back} onClick={goBack}>
      <BackIcon />
    </button>
  );
}
