import { useLocation } from 'wouter';

/** Goes back in history; opened from a shared link (no history), it goes to `fallback` instead of leaving the app. */
export function useGoBack(fallback = '/') {
  const [, navigate] = useLocation();
  return () => {
    if (window.history.length > 1) window.history.back();
    else navigate(fallback, { replace: true });
  };
}
