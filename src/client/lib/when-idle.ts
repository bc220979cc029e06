/**
 * Runs `work` when the browser has nothing more urgent to do (requestIdleCallback, which Safari lacks: there, a
 * moment after now), so a prefetch never competes with the screen being drawn or its first requests.
 */
export function whenIdle(work: () => void): void {
  if (typeof window === 'undefined') return; // the server's render: nothing to fetch ahead
  if ('requestIdleCallback' in window) window.requestIdleCallback(work, { timeout: 3000 });
  else setTimeout(work, 1000);
}
