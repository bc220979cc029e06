import { MOBILE_MAX_WIDTH } from '../../shared/constants';

/** Spec §9: the phone layout applies up to 820 px wide, or on any touch screen however wide. */
function isMobileLayout(width: number, touch: boolean): boolean {
  return touch || width <= MOBILE_MAX_WIDTH;
}

// maxTouchPoints, not 'ontouchstart': desktop browsers (and jsdom) define the handler without any touch screen.
const hasTouch = () =>
  (navigator.maxTouchPoints ?? 0) > 0 || (typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches);

/** Whether this browser lays pages out as a phone (read once; the map follows resizes itself, layout-mode.ts). */
export const phoneLayoutNow = () => isMobileLayout(window.innerWidth, hasTouch());
