import {
  SHEET_COLLAPSED,
  SHEET_DRAG_THRESHOLD,
  SHEET_EXPANDED,
  SHEET_MAX,
  SHEET_RELEASE_RATIO,
  SHEET_SCROLL_SLACK,
} from '../../shared/constants';

// Spec §4: the sheet snaps at the midpoint of its two heights, with a small dead zone around it so a release
// right at the middle goes back where it came from instead of flipping on a pixel.
export const SHEET_MIDPOINT = (SHEET_COLLAPSED + SHEET_EXPANDED) / 2;
export const SHEET_DEAD_ZONE = 3;
// px/ms. A flick this fast decides on its own: a student flicking up wants the list even from a short drag.
export const SHEET_FLICK_VELOCITY = 0.5;
// The release speed is the finger's over its last moments, not over one event: a single touchmove's delta is
// noise (a 120 Hz screen sends 1-2 px steps), and a finger that stopped before lifting has no speed left.
export const FLICK_WINDOW_MS = 80;
// Pulling below the collapsed height gives, but stiffly, so the sheet feels attached rather than stuck.
const RUBBER_BAND = 0.25;

export const sheetPercent = (expanded: boolean) => (expanded ? SHEET_EXPANDED : SHEET_COLLAPSED);

export function heightPx(percent: number, viewportHeight: number): number {
  return (percent / 100) * viewportHeight;
}

export function percentOf(px: number, viewportHeight: number): number {
  return viewportHeight > 0 ? (px / viewportHeight) * 100 : 0;
}

/** Height in % while a finger drags `upPx` from `startPercent`: never above the max, rubbery below collapsed. */
export function dragPercent(startPercent: number, upPx: number, viewportHeight: number): number {
  const raw = startPercent + percentOf(upPx, viewportHeight);
  if (raw > SHEET_MAX) return SHEET_MAX;
  if (raw >= SHEET_COLLAPSED) return raw;
  return Math.max(SHEET_COLLAPSED / 2, SHEET_COLLAPSED - (SHEET_COLLAPSED - raw) * RUBBER_BAND);
}

export interface SheetRelease {
  startExpanded: boolean;
  /** Total movement, upward positive, px. */
  upPx: number;
  /** Release speed along the drag, upward positive, px/ms. */
  upVelocity: number;
  /** Sheet height at release, % of the viewport. */
  releasedPercent: number;
  /** The drag began in the list while it was scrolled to (within the slack of) its top. */
  fromListTop?: boolean;
}

/** Whether the sheet ends expanded. Rules in order; the first that applies decides. */
export function snapExpanded(r: SheetRelease): boolean {
  // Under the threshold it was a jittery tap, not a drag.
  if (Math.abs(r.upPx) < SHEET_DRAG_THRESHOLD) return r.startExpanded;
  // A quick flick wins over distance: its direction decides, however short the drag or wherever it ended.
  if (r.upVelocity >= SHEET_FLICK_VELOCITY) return true;
  if (r.upVelocity <= -SHEET_FLICK_VELOCITY) return false;
  // Spec §4: pulling the expanded list down from its top collapses the sheet, however far.
  if (r.fromListTop && r.startExpanded && r.upPx < 0) return false;
  // Closing: release below 80 % of the expanded height collapses (spec §4).
  if (r.startExpanded) return r.releasedPercent >= SHEET_EXPANDED * SHEET_RELEASE_RATIO;
  // Opening: it must pass the midpoint and its dead zone.
  return r.releasedPercent > SHEET_MIDPOINT + SHEET_DEAD_ZONE;
}

/** One point of a drag: upward movement so far (px) at an event's time stamp (ms). */
export interface DragSample {
  t: number;
  upPx: number;
}

/**
 * The upward speed (px/ms) a drag is released with: the distance covered from the oldest sample of the last
 * FLICK_WINDOW_MS to the last one (the release); when no move falls in that window, from the move before it.
 * A finger that stood still before lifting has covered nothing: 0. Also 0 without two samples.
 */
export function releaseVelocity(samples: readonly DragSample[]): number {
  if (samples.length < 2) return 0;
  const last = samples[samples.length - 1];
  let from = samples.length - 2;
  while (from > 0 && samples[from - 1].t >= last.t - FLICK_WINDOW_MS) from -= 1;
  const dt = last.t - samples[from].t;
  return dt > 0 ? (last.upPx - samples[from].upPx) / dt : 0;
}

/**
 * A drag that starts in the list moves the sheet when the list cannot scroll (collapsed), or when it is
 * expanded, at its top (within the slack) and the finger goes down; otherwise the list scrolls natively.
 */
export function listDragMovesSheet(expanded: boolean, scrollTop: number, downPx: number): boolean {
  if (!expanded) return true;
  return scrollTop <= SHEET_SCROLL_SLACK && downPx > 0;
}

/** Spec §2: the list scrolls only at full height, and the page behind stays still meanwhile. */
export const listScrolls = (expanded: boolean) => expanded;
export const bodyScrollLocked = (expanded: boolean, mobile: boolean) => mobile && expanded;
