import { type ReactNode, useEffect, useState } from 'react';
import type { VoteGaugeProps } from './VoteGauge';

// The gauge is drawn with Konva and react-konva, most of the game screen's code by weight, and no student needs it
// before their first vote: the gauge is veiled until then (QuestionCard). Loaded on its own, the screen becomes
// tappable on a slow phone sooner; the lobby and the screen ask for it early (preloadVoteGauge), so it is in long
// before the vote it shows.
//
// Not React.lazy: a lazy component suspends on its first render even when its module is already in, and React then
// waits out its fallback throttle (300 ms, on timers) before showing it — a flash of the placeholder after every
// first vote. Once loaded, the module is kept here and the gauge renders at once.
type GaugeModule = typeof import('./VoteGauge');
let loaded: GaugeModule | null = null;
let loading: Promise<GaugeModule> | null = null;

function load(): Promise<GaugeModule> {
  loading ??= import('./VoteGauge').then(
    (m) => (loaded = m),
    (err: unknown) => {
      loading = null; // offline: the next ask tries again
      throw err;
    },
  );
  return loading;
}

/** Starts fetching the gauge's code (fetched once, however often this is called). */
export function preloadVoteGauge(): void {
  load().catch(() => undefined);
}

/** The gauge once its code is in; `placeholder` (as tall as the gauge) until then. */
export function LazyVoteGauge({ placeholder, ...props }: VoteGaugeProps & { placeholder: ReactNode }) {
  const [gauge, setGauge] = useState(loaded);
  useEffect(() => {
    if (gauge) return;
    let live = true;
    load().then(
      (m) => live && setGauge(m),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [gauge]);
  return gauge ? <gauge.VoteGauge {...props} /> : placeholder;
}
