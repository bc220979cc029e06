import { useEffect, type RefObject } from 'react';
import { LONG_PRESS_MS } from '../../../shared/constants';
import { useLatest } from '../../lib/use-latest';
import { IDLE, LONG_PRESS_SLOP, pressStep, type PressEvent, type PressOutcome } from '../../lib/long-press';
import { panView, pinchView, wheelFactor, zoomAbout, type Point, type Size, type View } from '../../lib/map-math';

export interface StageGestureOptions {
  /** The part of the stage the student sees (above the collapsed sheet): what the image must cover. */
  viewport: Size;
  image: Size;
  viewRef: RefObject<View>;
  /** Draws viewRef.current; called at most once per animation frame. */
  draw: () => void;
  /** Marker index under a point of the stage, -1 for none. */
  hitTest: (point: Point) => number;
  /** A tap or long-press: the marker under it (-1 for none) and where the finger went down. */
  onPress: (marker: number, kind: Exclude<PressOutcome, null>, point: Point) => void;
  /** Markers that may be dragged: a finger that goes down on one moves it instead of the map. */
  drag?: MarkerDrag;
}

interface MarkerDrag {
  canDrag: (marker: number) => boolean;
  /** The finger moved past the slop: `point` is where it is now, `start` where it went down (stage px). */
  move: (marker: number, point: Point, start: Point) => void;
  /** The finger lifted after moving. */
  drop: (marker: number, point: Point, start: Point) => void;
  /** A second finger (it becomes a pinch) or the browser took the pointer: the marker goes back. */
  cancel: (marker: number) => void;
}

interface MarkerDragState {
  marker: number;
  pointerId: number;
  start: Point;
  moved: boolean;
}

const KEY_PAN = 60;
const KEY_ZOOM = 1.25;

interface GestureStart {
  view: View;
  points: Point[];
}

const centreOf = (a: Point, b: Point): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
const spreadOf = (a: Point, b: Point) => Math.max(1, Math.hypot(a.x - b.x, a.y - b.y));

/**
 * Pan, pinch, wheel, keys, long-press and (for the console) marker drags on the stage's element with plain pointer
 * events. Views go into a ref and are drawn in the next animation frame, so a moving finger never re-renders React.
 */
export function useStageGestures(element: RefObject<HTMLElement | null>, options: StageGestureOptions) {
  // Listeners are attached once; they read the latest options (the viewport changes with the window).
  const latest = useLatest(options);

  useEffect(() => {
    const el = element.current;
    if (!el) return;
    const points = new Map<number, Point>();
    let start: GestureStart | null = null;
    let press = IDLE;
    let pressTarget = -1;
    let pressPoint: Point = { x: 0, y: 0 };
    let dragging: MarkerDragState | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let frame = 0;
    let rect = el.getBoundingClientRect();

    const schedule = () => {
      frame ||= requestAnimationFrame(() => {
        frame = 0;
        latest.current.draw();
      });
    };
    const setView = (view: View) => {
      latest.current.viewRef.current = view;
      schedule();
    };
    const local = (e: { clientX: number; clientY: number }): Point => ({ x: e.clientX - rect.left, y: e.clientY - rect.top });
    // Every change in the number of fingers restarts the gesture from the current view, so nothing jumps.
    const restart = () => {
      start = points.size ? { view: latest.current.viewRef.current, points: [...points.values()].slice(0, 2) } : null;
    };
    const dispatch = (event: PressEvent) => {
      const step = pressStep(press, event);
      const wasPressing = press.phase === 'pressing';
      press = step.state;
      if (!wasPressing && press.phase === 'pressing') {
        timer = setTimeout(() => dispatch({ type: 'tick', time: performance.now() }), LONG_PRESS_MS);
      } else if (wasPressing && press.phase !== 'pressing') clearTimeout(timer);
      if (step.outcome) latest.current.onPress(pressTarget, step.outcome, pressPoint);
    };
    const endDrag = (drop: Point | null) => {
      const drag = latest.current.drag;
      if (!dragging || !drag) return;
      const { marker, start: from, moved } = dragging;
      dragging = null;
      if (drop && moved) drag.drop(marker, drop, from);
      else if (!drop) drag.cancel(marker);
      schedule();
    };

    const onDown = (e: PointerEvent) => {
      if (e.pointerType === 'mouse' && e.button !== 0) return;
      const first = !points.size;
      if (first) rect = el.getBoundingClientRect();
      el.setPointerCapture?.(e.pointerId);
      const point = local(e);
      points.set(e.pointerId, point);
      restart();
      if (press.phase === 'idle') {
        pressTarget = latest.current.hitTest(point);
        pressPoint = point;
      }
      if (first && pressTarget >= 0 && latest.current.drag?.canDrag(pressTarget)) {
        dragging = { marker: pressTarget, pointerId: e.pointerId, start: point, moved: false };
      } else if (!first) endDrag(null);
      dispatch({ type: 'down', pointerId: e.pointerId, point, time: performance.now() });
    };
    const onMove = (e: PointerEvent) => {
      if (!points.has(e.pointerId) || !start) return;
      const point = local(e);
      points.set(e.pointerId, point);
      const { viewport, image } = latest.current;
      const now = [...points.values()];
      if (dragging?.pointerId === e.pointerId) {
        const { start: from } = dragging;
        dragging.moved ||= Math.hypot(point.x - from.x, point.y - from.y) > LONG_PRESS_SLOP;
        if (dragging.moved) {
          latest.current.drag?.move(dragging.marker, point, from);
          schedule();
        }
      } else if (now.length >= 2 && start.points.length >= 2) {
        const [a0, b0] = start.points;
        const ratio = spreadOf(now[0], now[1]) / spreadOf(a0, b0);
        setView(pinchView(start.view, centreOf(a0, b0), centreOf(now[0], now[1]), ratio, viewport, image));
      } else if (now.length === 1) {
        setView(panView(start.view, point.x - start.points[0].x, point.y - start.points[0].y, viewport, image));
      }
      dispatch({ type: 'move', pointerId: e.pointerId, point });
    };
    const onUp = (e: PointerEvent) => {
      if (!points.delete(e.pointerId)) return;
      if (dragging?.pointerId === e.pointerId) endDrag(e.type === 'pointercancel' ? null : local(e));
      restart();
      dispatch(e.type === 'pointercancel' ? { type: 'cancel', pointerId: e.pointerId } : { type: 'up', pointerId: e.pointerId, time: performance.now() });
    };
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      rect = el.getBoundingClientRect();
      const { viewRef, viewport, image } = latest.current;
      setView(zoomAbout(viewRef.current, local(e), wheelFactor(e.deltaY, e.deltaMode, e.ctrlKey), viewport, image));
    };
    const onKey = (e: KeyboardEvent) => {
      const { viewRef, viewport, image } = latest.current;
      const v = viewRef.current;
      const centre = { x: viewport.width / 2, y: viewport.height / 2 };
      const moves: Record<string, () => View> = {
        ArrowLeft: () => panView(v, KEY_PAN, 0, viewport, image),
        ArrowRight: () => panView(v, -KEY_PAN, 0, viewport, image),
        ArrowUp: () => panView(v, 0, KEY_PAN, viewport, image),
        ArrowDown: () => panView(v, 0, -KEY_PAN, viewport, image),
        '+': () => zoomAbout(v, centre, KEY_ZOOM, viewport, image),
        '=': () => zoomAbout(v, centre, KEY_ZOOM, viewport, image),
        '-': () => zoomAbout(v, centre, 1 / KEY_ZOOM, viewport, image),
      };
      const move = moves[e.key];
      if (!move) return;
      e.preventDefault();
      setView(move());
    };

    el.addEventListener('pointerdown', onDown);
    el.addEventListener('pointermove', onMove);
    el.addEventListener('pointerup', onUp);
    el.addEventListener('pointercancel', onUp);
    // Not passive: the page must not scroll or zoom under the map.
    el.addEventListener('wheel', onWheel, { passive: false });
    el.addEventListener('keydown', onKey);
    return () => {
      clearTimeout(timer);
      cancelAnimationFrame(frame);
      el.removeEventListener('pointerdown', onDown);
      el.removeEventListener('pointermove', onMove);
      el.removeEventListener('pointerup', onUp);
      el.removeEventListener('pointercancel', onUp);
      el.removeEventListener('wheel', onWheel);
      el.removeEventListener('keydown', onKey);
    };
  }, [element, latest]);
}
