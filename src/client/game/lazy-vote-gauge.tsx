import { lazy } from 'react';

// The gauge is drawn with Konva and react-konva, most of the game screen's code by weight, and no student needs it
// before their first vote: the gauge is veiled until then (QuestionCard). Loaded on its own, the screen becomes
// tappable on a slow phone sooner; the screen asks for it as soon as it is up (preloadVoteGauge), so it is in long
// before the vote it shows.
const load = () => import('./VoteGauge');

export const LazyVoteGauge = lazy(() => load().then((m) => ({ default: m.VoteGauge })));

/** Starts fetching the gauge's code (a module is fetched once, however often this is called). */
export function preloadVoteGauge(): void {
  void load().catch(() => undefined); // offline: the gauge's Suspense asks again when it is needed
}
