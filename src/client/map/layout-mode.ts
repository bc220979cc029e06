import { useSyncExternalStore } from 'react';
import { MOBILE_MAX_WIDTH } from '../../shared/constants';

/** Spec §9: the phone layout applies up to 820 px wide, or on any touch screen however wide. */
function isMobileLayout(width: number, touch: boolean): boolean {
  return touch || width <= MOBILE_MAX_WIDTH;
}

// maxTouchPoints, not 'ontouchstart': desktop browsers (and jsdom) define the handler without any touch screen.
const hasTouch = () =>
  (navigator.maxTouchPoints ?? 0) > 0 || (typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches);

function subscribeResize(onChange: () => void) {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

// Snapshots are primitives, so a resize that changes nothing re-renders nothing.
export function useMobileLayout(): boolean {
  return useSyncExternalStore(subscribeResize, () => isMobileLayout(window.innerWidth, hasTouch()));
}

/** The layout viewport's height: the sheet's heights are shares of it (spec §2). */
export function useViewportHeight(): number {
  return useSyncExternalStore(subscribeResize, () => window.innerHeight);
}
