import { useEffect } from 'react';
import { EARLY_TAPS_GLOBAL } from '../../shared/page-data';

/** Kept by the page's loader (lib/page-loader.ts): buttons tapped that nothing handled. */
export interface EarlyTaps {
  buttons: HTMLElement[];
  /** From now on a tap that reaches #root was handled by the app, and is not kept. */
  appStarted: boolean;
  done: boolean;
}

const earlyTaps = () => (window as unknown as Record<string, EarlyTaps | undefined>)[EARLY_TAPS_GLOBAL];

/** Called just before the app takes the page over. */
export function markAppStarted(): void {
  const taps = earlyTaps();
  if (taps) taps.appStarted = true;
}

/**
 * Replays the last button tapped on a drawn page that nothing handled, so a student who tapped 알림 or 신청하기
 * early is not ignored. Only the last: impatient repeated taps mean one thing. Later taps are the app's own.
 */
function replayEarlyTap(): void {
  const taps = earlyTaps();
  if (!taps || taps.done) return;
  taps.done = true;
  const last = taps.buttons.at(-1);
  taps.buttons.length = 0;
  if (last?.isConnected) last.click();
}

/**
 * Rendered beside the routes, inside their Suspense boundary: its effect runs once the screen has been taken over,
 * a lazy one included (React drops a tap on a part it has not hydrated yet, so replaying sooner could be lost).
 */
export function EarlyTapReplay() {
  // One task later: a tap React dropped just before this effect is only recorded by the page loader in a timeout of
  // its own (once the event is done); replaying after that timeout has run keeps the tap instead of closing the door
  // on it.
  useEffect(() => {
    const later = setTimeout(replayEarlyTap);
    return () => clearTimeout(later);
  }, []);
  return null;
}
