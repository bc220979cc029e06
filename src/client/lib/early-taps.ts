import { useEffect } from 'react';
import { EARLY_TAPS_GLOBAL } from '../../shared/page-data';

type EarlyTaps = HTMLElement[] & { done?: boolean };

/**
 * Replays the last button tapped on a drawn page before the app took it over (see the loader in
 * src/server/http/page-shell.ts), so a student who tapped 알림 or 신청하기 early is not ignored. Only the last:
 * impatient repeated taps mean one thing. Later taps are the app's own.
 */
function replayEarlyTap(): void {
  const taps = (window as unknown as Record<string, EarlyTaps | undefined>)[EARLY_TAPS_GLOBAL];
  if (!taps || taps.done) return;
  taps.done = true;
  const last = taps.at(-1);
  taps.length = 0;
  if (last?.isConnected) last.click();
}

/**
 * Rendered beside the routes, inside their Suspense boundary: its effect runs once the screen has been taken over,
 * a lazy one included (React drops a tap on a part it has not hydrated yet, so replaying sooner could be lost).
 */
export function EarlyTapReplay() {
  useEffect(replayEarlyTap, []);
  return null;
}
