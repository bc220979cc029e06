import { vi } from 'vitest';

/**
 * The requests the app sends, counted when it sends them (fetch is called), not when a mock answers them: whether a
 * request was sent is then settled the moment the code that sends it has run, however slow the machine.
 * `settled()` waits until every request sent so far has been answered, so none spills into the next test.
 */
export function recordRequests() {
  const spy = vi.spyOn(globalThis, 'fetch');
  const sent = (method: string, path: string) =>
    spy.mock.calls.filter(([input, init]) => new URL(String(input), 'http://localhost').pathname === path && (init?.method ?? 'GET') === method).length;
  return {
    sent,
    settled: () => Promise.allSettled(spy.mock.results.map((r) => r.value)).then(() => undefined),
  };
}

/**
 * One turn of the timer queue. A timer the app set before this call (the payment screen's deferred leave, set as
 * the screen unmounts) has run when it resolves: timers of equal delay run in the order they were set.
 */
export const nextTimerTurn = () => new Promise((resolve) => setTimeout(resolve, 0));
