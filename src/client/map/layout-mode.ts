import { useSyncExternalStore } from 'react';
import { phoneLayoutNow } from '../lib/phone-layout';

function subscribeResize(onChange: () => void) {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

// Snapshots are primitives, so a resize that changes nothing re-renders nothing. The server draws the map as a
// phone sees it (the page loader drops that copy on a wide screen, see page-loader.ts), and a page it drew is
// hydrated with these same server answers before React renders the real ones.
export function useMobileLayout(): boolean {
  return useSyncExternalStore(subscribeResize, phoneLayoutNow, () => true);
}

/**
 * The layout viewport's height: the sheet's heights are shares of it (spec §2). 0 while unknown (the server's
 * drawing, and hydrating it): the sheet and the art then take their places from CSS (viewport units).
 */
export function useViewportHeight(): number {
  return useSyncExternalStore(subscribeResize, () => window.innerHeight, () => 0);
}
