import type { ReactNode } from 'react';
import { lazyModule } from '../lib/lazy-module';
import type { VoteGaugeProps } from './VoteGauge';

// The gauge is drawn with Konva and react-konva, most of the game screen's code by weight, and no student needs it
// before their first vote: the gauge is veiled until then (QuestionCard). Loaded on its own, the screen becomes
// tappable on a slow phone sooner; the lobby and the screen ask for it early (preloadVoteGauge), so it is in long
// before the vote it shows.
const gauge = lazyModule(() => import('./VoteGauge'));

/** Starts fetching the gauge's code (fetched once, however often this is called). */
export const preloadVoteGauge = (): void => void gauge.preload();

/** The gauge once its code is in; `placeholder` (as tall as the gauge) until then. */
export function LazyVoteGauge({ placeholder, ...props }: VoteGaugeProps & { placeholder: ReactNode }) {
  const m = gauge.useModule();
  return m ? <m.VoteGauge {...props} /> : placeholder;
}
