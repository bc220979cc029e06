import { type SpringConfig, useSpring } from '@react-spring/web';
import { useDrag } from '@use-gesture/react';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { indexAfterSwipe, rubberBand, trackOffset } from './slider-math';
import { useElementSize } from './use-element-size';

interface Options {
  index: number;
  count: number;
  /** Space between slides, px. */
  gap: number;
  /** The slide animation (react-spring's default when omitted); keep it a stable object. */
  config?: SpringConfig;
  onIndex: (index: number) => void;
}

/**
 * A row of full-width slides moved by a horizontal drag or flick (the assistant's party cards, the game's
 * questions): the viewport to measure, its width, the track's x and the drag handlers to spread on the track.
 */
export function useSwipeTrack({ index, count, gap, config, onIndex }: Options) {
  const viewport = useRef<HTMLDivElement>(null);
  const { width } = useElementSize(viewport);
  const [{ x }, api] = useSpring(() => ({ x: 0, ...(config && { config }) }));

  useEffect(() => {
    void api.start({ x: trackOffset(index, width, gap), ...(config && { config }) });
  }, [api, index, width, gap, config]);

  const bind = useDrag(
    ({ active, movement: [mx], swipe: [sx] }) => {
      if (active) {
        void api.start({ x: trackOffset(index, width, gap, rubberBand(mx, index, count)), immediate: true });
        return;
      }
      const next = indexAfterSwipe(index, count, mx, width, sx);
      // Snapping back to the same slide needs its own animation: the index (the effect's trigger) did not change.
      if (next === index) void api.start({ x: trackOffset(index, width, gap), ...(config && { config }), immediate: false });
      else onIndex(next);
    },
    // filterTaps: a tap on a button in a slide stays a click, never a tiny drag. One slide has nowhere to go
    // (cancelling the drag instead would make use-gesture swallow the tap's click).
    { axis: 'x', filterTaps: true, enabled: count > 1 },
  );

  return { viewport, width, x, bind };
}

/** ArrowLeft and ArrowRight move one slide, for keyboards and switch access (a keydown handler's body). */
export function moveByArrowKey(event: KeyboardEvent, index: number, go: (index: number) => void) {
  if (event.key === 'ArrowLeft') go(index - 1);
  else if (event.key === 'ArrowRight') go(index + 1);
  else return;
  event.preventDefault();
}
