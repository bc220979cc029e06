import { useSpring } from '@react-spring/web';
import { useDrag } from '@use-gesture/react';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { SHEET_DRAG_THRESHOLD } from '../../shared/constants';
import { useBodyScrollLock } from '../lib/use-body-scroll-lock';
import {
  bodyScrollLocked,
  dragPercent,
  heightPx,
  listDragMovesSheet,
  percentOf,
  releaseVelocity,
  sheetPercent,
  snapExpanded,
  type DragSample,
} from './sheet-math';

interface DragMemo {
  startPercent: number;
  startExpanded: boolean;
  /** List drags only: whether this drag moves the sheet (else the list scrolls natively). */
  moves: boolean;
  fromListTop: boolean;
  /** Where the finger was when, for the release speed (use-gesture's own is one event's, see releaseVelocity). */
  samples: DragSample[];
}

// A snappy but not bouncy settle; a sheet that overshoots looks broken on a phone.
const SPRING = { tension: 380, friction: 36 };

/**
 * The bottom sheet's height lives in a spring, never in React state, so a drag re-renders nothing; only the
 * settled state (collapsed / expanded) is React state, for aria and the list's scrolling.
 */
export function useSheet(
  viewportHeight: number,
  sheetRef: RefObject<HTMLElement | null>,
  listRef: RefObject<HTMLElement | null>,
) {
  const [expanded, setExpanded] = useState(false);
  const expandedRef = useRef(expanded);
  const following = useRef(false);
  const [style, api] = useSpring(() => ({ height: heightPx(sheetPercent(false), viewportHeight), config: SPRING }));

  const settle = useCallback(
    (next: boolean) => {
      expandedRef.current = next;
      setExpanded(next);
      // Also when nothing changed: a short drag springs back to where it started.
      void api.start({ height: heightPx(sheetPercent(next), viewportHeight), immediate: false });
    },
    [api, viewportHeight],
  );

  // A rotated phone or a browser bar sliding away changes the viewport: the sheet keeps its share of it. Also the
  // first measure of a page the server drew (0 before it): set before that frame is painted.
  useLayoutEffect(() => {
    api.set({ height: heightPx(sheetPercent(expandedRef.current), viewportHeight) });
  }, [api, viewportHeight]);

  useBodyScrollLock(bodyScrollLocked(expanded, true));

  // While the sheet follows a finger, that touch is ours alone. Without this Chrome still runs its own gesture on it
  // (touch-action only stops the scrolling), starts a fling on a flick, and swallows the next tap to stop it.
  useEffect(() => {
    const el = sheetRef.current;
    if (!el) return;
    const claim = (event: TouchEvent) => {
      if (following.current && event.cancelable) event.preventDefault();
    };
    el.addEventListener('touchmove', claim, { passive: false });
    return () => el.removeEventListener('touchmove', claim);
  }, [sheetRef]);

  const follow = (memo: DragMemo, upPx: number, time: number) => {
    following.current = true;
    memo.samples.push({ t: time, upPx });
    void api.start({ height: heightPx(dragPercent(memo.startPercent, upPx, viewportHeight), viewportHeight), immediate: true });
  };

  const release = (memo: DragMemo, upPx: number, time: number) => {
    following.current = false;
    const upVelocity = releaseVelocity([...memo.samples, { t: time, upPx }]);
    const releasedPercent = dragPercent(memo.startPercent, upPx, viewportHeight);
    settle(snapExpanded({ startExpanded: memo.startExpanded, upPx, upVelocity, releasedPercent, fromListTop: memo.fromListTop }));
  };

  const startMemo = (moves: boolean, fromListTop: boolean): DragMemo => ({
    startPercent: percentOf(style.height.get(), viewportHeight),
    startExpanded: expandedRef.current,
    moves,
    fromListTop,
    samples: [],
  });

  const dragConfig = { axis: 'y', threshold: SHEET_DRAG_THRESHOLD, pointer: { keys: false } } as const;

  // The header (grabber included): pointer events, with touch-action: none so the browser leaves them to us.
  // filterTaps also swallows the click a mouse sends after a drag, so a drag never toggles the grabber too.
  const bindHeader = useDrag(({ first, last, tap, movement: [, my], timeStamp, memo }) => {
    const m: DragMemo = first || !memo ? startMemo(true, false) : memo;
    if (tap) return m;
    if (last) release(m, -my, timeStamp);
    else follow(m, -my, timeStamp);
    return m;
  }, { ...dragConfig, filterTaps: true });

  // The list: touch events, because once the browser scrolls the expanded list it cancels pointer events, and we
  // still need to see a pull-down that starts at the top. No filterTaps here: it would swallow the cards' clicks
  // from a mouse on a touch laptop (no touchstart ever marks them as taps); the threshold keeps taps out instead.
  const bindList = useDrag(
    ({ first, last, movement: [, my], timeStamp, memo }) => {
      let m: DragMemo | undefined = memo;
      if (first || !m) {
        const scrollTop = listRef.current?.scrollTop ?? 0;
        const moves = listDragMovesSheet(expandedRef.current, scrollTop, my);
        m = startMemo(moves, moves && expandedRef.current);
      }
      if (!m.moves) return m;
      if (last) release(m, -my, timeStamp);
      else follow(m, -my, timeStamp);
      return m;
    },
    { ...dragConfig, pointer: { keys: false, touch: true } },
  );

  /** A tap on the grabber, or Enter/Space on it, toggles the sheet. */
  const toggle = () => settle(!expandedRef.current);

  return { expanded, style, settle, toggle, bindHeader, bindList };
}
