import { useLocation } from 'wouter';
import { whenLayersSettled } from '../lib/back-layers';

/**
 * Whether this tab has a page of ours (or anyone's) to go back to. The Navigation API knows (Chromium, Safari 26);
 * elsewhere the history's length is the guess, which entries left ahead of the page — a modal's, once it closed
 * (lib/back-layers.ts) — can fool into a back that goes nowhere.
 */
function canGoBack(): boolean {
  const navigation = (window as { navigation?: { canGoBack?: boolean } }).navigation;
  return typeof navigation?.canGoBack === 'boolean' ? navigation.canGoBack : window.history.length > 1;
}

/**
 * Goes back in history, as the browser's back would (an open layer closes first); opened from a shared link (no
 * history), it goes to `fallback` instead of leaving the app. It waits for a layer that just closed (the alert
 * before it) to take its entry back.
 */
export function useGoBack(fallback = '/') {
  const [, navigate] = useLocation();
  return () =>
    whenLayersSettled(() => {
      if (canGoBack()) window.history.back();
      else navigate(fallback, { replace: true });
    });
}
