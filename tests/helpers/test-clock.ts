import type { Clock } from '../../src/server/clock';

export interface TestClock extends Clock {
  set(date: Date | string): void;
  advance(ms: number): void;
}

export function createTestClock(start: Date | string = '2026-03-02T10:00:00+09:00'): TestClock {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    set: (d) => {
      current = new Date(d).getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
}
