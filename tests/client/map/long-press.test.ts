import { describe, expect, it } from 'vitest';
import { LONG_PRESS_MS } from '../../../src/shared/constants';
import { IDLE, LONG_PRESS_SLOP, pressStep, type PressEvent, type PressState } from '../../../src/client/lib/long-press';

function run(events: PressEvent[]) {
  let state: PressState = IDLE;
  const outcomes: string[] = [];
  for (const event of events) {
    const step = pressStep(state, event);
    state = step.state;
    if (step.outcome) outcomes.push(step.outcome);
  }
  return { state, outcomes };
}

const at = (x: number, y: number) => ({ x, y });
const down = (time = 0, pointerId = 1, point = at(100, 100)): PressEvent => ({ type: 'down', pointerId, point, time });

describe('long-press', () => {
  it(`fires at ${LONG_PRESS_MS} ms while the finger is still down, and not before`, () => {
    expect(LONG_PRESS_MS).toBe(600);
    expect(run([down(0), { type: 'tick', time: 599 }]).outcomes).toEqual([]);
    const held = run([down(0), { type: 'tick', time: 600 }]);
    expect(held.outcomes).toEqual(['long-press']);
    expect(held.state.phase).toBe('spent');
  });

  it('does not also tap when the finger lifts after firing', () => {
    const r = run([down(0), { type: 'tick', time: 600 }, { type: 'up', pointerId: 1, time: 900 }]);
    expect(r.outcomes).toEqual(['long-press']);
    expect(r.state).toEqual(IDLE);
  });

  it('an early release is a tap, not a long-press', () => {
    const r = run([down(0), { type: 'up', pointerId: 1, time: 200 }, { type: 'tick', time: 600 }]);
    expect(r.outcomes).toEqual(['tap']);
  });

  it('small jitter within the slop still fires', () => {
    const r = run([down(0), { type: 'move', pointerId: 1, point: at(100 + LONG_PRESS_SLOP, 100) }, { type: 'tick', time: 600 }]);
    expect(r.outcomes).toEqual(['long-press']);
  });

  it('a move beyond the slop cancels it (that is a pan)', () => {
    const r = run([
      down(0),
      { type: 'move', pointerId: 1, point: at(100, 100 + LONG_PRESS_SLOP + 1) },
      { type: 'tick', time: 600 },
      { type: 'up', pointerId: 1, time: 700 },
    ]);
    expect(r.outcomes).toEqual([]);
  });

  it('a second finger cancels it (that is a pinch), even after both lift', () => {
    const r = run([
      down(0, 1),
      down(100, 2, at(200, 200)),
      { type: 'tick', time: 600 },
      { type: 'up', pointerId: 2, time: 650 },
      { type: 'up', pointerId: 1, time: 700 },
    ]);
    expect(r.outcomes).toEqual([]);
    expect(r.state).toEqual(IDLE);
  });

  it('the browser taking the pointer cancels it without a tap', () => {
    expect(run([down(0), { type: 'cancel', pointerId: 1 }, { type: 'tick', time: 600 }]).outcomes).toEqual([]);
  });

  it('a release after a late timer still counts as the long-press', () => {
    expect(run([down(0), { type: 'up', pointerId: 1, time: 650 }]).outcomes).toEqual(['long-press']);
  });

  it('starts over once every finger is up', () => {
    const r = run([down(0, 1), down(10, 2), { type: 'up', pointerId: 1, time: 20 }, { type: 'up', pointerId: 2, time: 30 }, down(1000, 3), { type: 'tick', time: 1600 }]);
    expect(r.outcomes).toEqual(['long-press']);
  });
});
