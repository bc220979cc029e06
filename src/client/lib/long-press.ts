import { LONG_PRESS_MS } from '../../shared/constants';
import type { Point } from './map-math';

// A finger never holds perfectly still; beyond this it is a pan, not a press.
export const LONG_PRESS_SLOP = 10;

export type PressState =
  | { phase: 'idle'; fingers: 0 }
  | { phase: 'pressing'; fingers: number; pointerId: number; origin: Point; startedAt: number }
  /** Fired or cancelled: nothing more happens until every finger is up. */
  | { phase: 'spent'; fingers: number };

export type PressEvent =
  | { type: 'down'; pointerId: number; point: Point; time: number }
  | { type: 'move'; pointerId: number; point: Point }
  | { type: 'up'; pointerId: number; time: number }
  /** The browser took the pointer (pointercancel): never a tap. */
  | { type: 'cancel'; pointerId: number }
  /** The timer: also passes the time, so tests need no fake clock. */
  | { type: 'tick'; time: number };

export type PressOutcome = 'long-press' | 'tap' | null;

export const IDLE: PressState = { phase: 'idle', fingers: 0 };

const lift = (fingers: number): PressState => (fingers <= 0 ? IDLE : { phase: 'spent', fingers });

/** One press at a time; a second finger, a move past the slop or the browser taking over cancel it. */
export function pressStep(state: PressState, event: PressEvent): { state: PressState; outcome: PressOutcome } {
  switch (event.type) {
    case 'down':
      if (state.phase === 'idle') {
        const pressing = { phase: 'pressing', fingers: 1, pointerId: event.pointerId, origin: event.point, startedAt: event.time } as const;
        return { state: pressing, outcome: null };
      }
      return { state: { phase: 'spent', fingers: state.fingers + 1 }, outcome: null };
    case 'move':
      if (state.phase !== 'pressing' || event.pointerId !== state.pointerId) return { state, outcome: null };
      if (Math.hypot(event.point.x - state.origin.x, event.point.y - state.origin.y) > LONG_PRESS_SLOP) {
        return { state: { phase: 'spent', fingers: state.fingers }, outcome: null };
      }
      return { state, outcome: null };
    case 'tick':
      if (state.phase === 'pressing' && event.time - state.startedAt >= LONG_PRESS_MS) {
        return { state: { phase: 'spent', fingers: state.fingers }, outcome: 'long-press' };
      }
      return { state, outcome: null };
    case 'up':
    case 'cancel': {
      if (state.phase === 'idle') return { state, outcome: null };
      const rest = lift(state.fingers - 1);
      if (state.phase !== 'pressing' || event.pointerId !== state.pointerId) return { state: rest, outcome: null };
      if (event.type === 'cancel') return { state: rest, outcome: null };
      // A late timer must not turn a held press into a tap.
      return { state: rest, outcome: event.time - state.startedAt >= LONG_PRESS_MS ? 'long-press' : 'tap' };
    }
  }
}
