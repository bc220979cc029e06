import { useAtomValue } from 'jotai';
import { lazyModule } from '../lib/lazy-module';
import { isLoggedInAtom } from './session-atoms';

// A guest has no seats: the watcher's code (SeatWatch.tsx) is fetched only once someone is signed in, and is not part
// of what `/` loads before it runs (bench/bundle.ts).
const watch = lazyModule(() => import('./SeatWatch'));

/** Fetches the watcher's code now; the client tests' setup waits for it, so it runs from a signed-in first render. */
export const preloadSeatWatch = (): Promise<void> => watch.preload();

/**
 * Hears the seat events other people and the clock cause (issue 30 §3), for a signed-in student, on every screen:
 * a new notice (a seat offered from the line, a party cancelled by an operator, a hold released), my place in a line
 * moving, and my own unpaid hold running out. Each makes every answer that shows my seat read again
 * (api/seat-change.ts), so no screen keeps showing what is no longer so.
 */
export function SeatSync() {
  return useAtomValue(isLoggedInAtom) ? <SignedInWatch /> : null;
}

function SignedInWatch() {
  const m = watch.useModule();
  return m ? <m.SeatWatch /> : null;
}
