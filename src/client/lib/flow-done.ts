import { useEffect, useState } from 'react';

/**
 * The screens that close a flow (/paymentfinish, /mypage/extra/done) only make sense at the end of it: opened by
 * hand, from a bookmark or an old tab, they would congratulate a student on a payment or a profile that never
 * happened, so they send the student home instead (issue 17). The flow marks its arrival twice: in history.state,
 * which survives a reload of the finish screen, and in memory, for routers that keep their own history (tests);
 * the memory mark is used once.
 */
const KEY = 'flowDone';
let arrived: string | null = null;

/** Navigation state for the finish screen at `path`; pass it to navigate() with the path. */
export function flowDoneState(path: string) {
  arrived = path;
  return { [KEY]: path };
}

function cameThroughFlow(path: string): boolean {
  const state: unknown = window.history.state;
  const fromHistory = !!state && typeof state === 'object' && (state as Record<string, unknown>)[KEY] === path;
  return fromHistory || arrived === path;
}

/** Whether the finish screen at `path` was reached through its flow; decided once, as the screen opens. */
export function useArrivedThroughFlow(path: string): boolean {
  const [came] = useState(() => cameThroughFlow(path));
  useEffect(() => {
    if (arrived === path) arrived = null;
  }, [path]);
  return came;
}
