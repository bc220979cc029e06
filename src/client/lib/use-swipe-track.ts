import { useDrag } from '@use-gesture/react';
import { type KeyboardEvent, useLayoutEffect, useRef } from 'react';
import { indexAfterSwipe, rubberBand, trackOffset } from './slider-math';
import { useElementSize } from './use-element-size';

/** How the track glides to a slide: a CSS transition's length and timing function. */
export interface SlideMotion {
  ms: number;
  easing: string;
}

/** The assistant's cards: a short ease-out, about what a spring settles in. */
const DEFAULT_MOTION: SlideMotion = { ms: 350, easing: 'cubic-bezier(0.22, 1, 0.36, 1)' };

interface Options {
  index: number;
  count: number;
  /** Space between slides, px. */
  gap: number;
  /** The glide to a slide; keep it a stable object. */
  motion?: SlideMotion;
  onIndex: (index: number) => void;
}

const reducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Puts the track at `x`, gliding there or (while dragged, or when the student asks for less motion) at once. */
function place(el: HTMLElement | null, x: number, glide: boolean, motion: SlideMotion) {
  if (!el) return;
  el.style.transition = glide && !reducedMotion() ? `transform ${motion.ms}ms ${motion.easing}` : 'none';
  el.style.transform = `translate3d(${x}px, 0, 0)`;
}

/**
 * A row of full-width slides moved by a horizontal drag or flick (the assistant's party cards, the game's
 * questions): the viewport to measure, its width, the track to move and the drag handlers to spread on it.
 *
 * The drag is use-gesture's; the glide is the browser's own CSS transition on the track's transform, written to the
 * element directly (no React render per frame). react-spring did the glide before, at 12 KB br in the first load of
 * the game — the screen every student of a party opens at the same moment on a shared Wi-Fi — for a movement a
 * transition does as well (issue 34). While a finger drags, the track follows it without a transition.
 */
export function useSwipeTrack<T extends HTMLElement>({ index, count, gap, motion = DEFAULT_MOTION, onIndex }: Options) {
  const viewport = useRef<HTMLDivElement>(null);
  const track = useRef<T>(null);
  const { width } = useElementSize(viewport);
  const placed = useRef(false);

  // Where the index and the width say; the first placement (and the first real width) without a glide.
  useLayoutEffect(() => {
    place(track.current, trackOffset(index, width, gap), placed.current, motion);
    if (width > 0) placed.current = true;
  }, [index, width, gap, motion]);

  const bind = useDrag(
    ({ active, movement: [mx], swipe: [sx] }) => {
      if (active) {
        place(track.current, trackOffset(index, width, gap, rubberBand(mx, index, count)), false, motion);
        return;
      }
      const next = indexAfterSwipe(index, count, mx, width, sx);
      // Back to the same slide needs its own glide: the index (the effect's trigger) did not change.
      if (next === index) place(track.current, trackOffset(index, width, gap), true, motion);
      else onIndex(next);
    },
    // filterTaps: a tap on a button in a slide stays a click, never a tiny drag. One slide has nowhere to go
    // (cancelling the drag instead would make use-gesture swallow the tap's click).
    { axis: 'x', filterTaps: true, enabled: count > 1 },
  );

  return { viewport, track, width, bind };
}

/** ArrowLeft and ArrowRight move one slide, for keyboards and switch access (a keydown handler's body). */
export function moveByArrowKey(event: KeyboardEvent, index: number, go: (index: number) => void) {
  if (event.key === 'ArrowLeft') go(index - 1);
  else if (event.key === 'ArrowRight') go(index + 1);
  else return;
  event.preventDefault();
}
