import { describe, expect, it } from 'vitest';
import {
  SHEET_COLLAPSED,
  SHEET_DRAG_THRESHOLD,
  SHEET_EXPANDED,
  SHEET_MAX,
  SHEET_SCROLL_SLACK,
} from '../../../src/shared/constants';
import {
  bodyScrollLocked,
  dragPercent,
  FLICK_WINDOW_MS,
  heightPx,
  listDragMovesSheet,
  listScrolls,
  releaseVelocity,
  SHEET_DEAD_ZONE,
  SHEET_FLICK_VELOCITY,
  SHEET_MIDPOINT,
  snapExpanded,
  type SheetRelease,
} from '../../../src/client/map/sheet-math';

const VH = 852;
const release = (r: Partial<SheetRelease>): boolean =>
  snapExpanded({ startExpanded: false, upPx: 100, upVelocity: 0, releasedPercent: SHEET_COLLAPSED, ...r });

describe('sheet heights', () => {
  it('are the spec’s shares of the viewport', () => {
    expect([SHEET_COLLAPSED, SHEET_EXPANDED, SHEET_MAX]).toEqual([25, 76, 90]);
    expect(heightPx(SHEET_COLLAPSED, VH)).toBe(213);
    expect(heightPx(SHEET_EXPANDED, VH)).toBeCloseTo(647.52);
  });

  it('follow the finger, never above the max, stiffly below collapsed', () => {
    expect(dragPercent(25, heightPx(10, VH), VH)).toBeCloseTo(35);
    expect(dragPercent(76, 2000, VH)).toBe(SHEET_MAX);
    const below = dragPercent(25, -heightPx(8, VH), VH);
    expect(below).toBeLessThan(25);
    expect(below).toBeGreaterThan(25 - 8);
  });
});

describe('the snap decision', () => {
  it(`ignores a move under the ${SHEET_DRAG_THRESHOLD} px threshold, even a fast one`, () => {
    expect(release({ upPx: SHEET_DRAG_THRESHOLD - 1, upVelocity: 5, releasedPercent: 60 })).toBe(false);
    expect(release({ startExpanded: true, upPx: -(SHEET_DRAG_THRESHOLD - 1), upVelocity: -5, releasedPercent: 40 })).toBe(true);
  });

  it('opening snaps at the midpoint, beyond its dead zone', () => {
    expect(SHEET_MIDPOINT).toBe(50.5);
    expect(release({ releasedPercent: SHEET_MIDPOINT + SHEET_DEAD_ZONE + 0.1 })).toBe(true);
    expect(release({ releasedPercent: SHEET_MIDPOINT + SHEET_DEAD_ZONE / 2 })).toBe(false); // inside the dead zone: back
    expect(release({ releasedPercent: SHEET_MIDPOINT - SHEET_DEAD_ZONE / 2 })).toBe(false);
    expect(release({ releasedPercent: 40 })).toBe(false); // a small drag springs back
  });

  it('closing: released below 80 % of expanded collapses, at or above stays expanded', () => {
    const line = SHEET_EXPANDED * 0.8; // 60.8
    expect(release({ startExpanded: true, upPx: -150, releasedPercent: line - 0.1 })).toBe(false);
    expect(release({ startExpanded: true, upPx: -100, releasedPercent: line })).toBe(true);
    expect(release({ startExpanded: true, upPx: -50, releasedPercent: 70 })).toBe(true);
    expect(release({ startExpanded: true, upPx: 50, releasedPercent: SHEET_MAX })).toBe(true);
  });

  it('a flick decides by its direction, whatever the height', () => {
    expect(release({ upPx: 30, upVelocity: SHEET_FLICK_VELOCITY, releasedPercent: 28 })).toBe(true);
    expect(release({ startExpanded: true, upPx: -30, upVelocity: -SHEET_FLICK_VELOCITY, releasedPercent: 73 })).toBe(false);
    // A slow release is judged by position only.
    expect(release({ upPx: 30, upVelocity: SHEET_FLICK_VELOCITY / 2, releasedPercent: 28 })).toBe(false);
  });

  it('velocity wins over distance: a quick short flick up expands, a quick flick down collapses', () => {
    // Far below the midpoint, yet flicked up.
    expect(release({ upPx: SHEET_DRAG_THRESHOLD + 4, upVelocity: 1.2, releasedPercent: SHEET_COLLAPSED + 1 })).toBe(true);
    // Still above the 80 % line, yet flicked down.
    expect(release({ startExpanded: true, upPx: -12, upVelocity: -1.2, releasedPercent: SHEET_EXPANDED - 1 })).toBe(false);
    // Dragged past the midpoint, then flicked back down: the flick decides.
    expect(release({ upPx: 300, upVelocity: -0.8, releasedPercent: 62 })).toBe(false);
    // A pull down from the list's top that ends in a flick back up stays expanded.
    expect(release({ startExpanded: true, fromListTop: true, upPx: -20, upVelocity: 0.9, releasedPercent: 74 })).toBe(true);
    // Slow drags keep the distance rule.
    expect(release({ upPx: 300, upVelocity: 0.2, releasedPercent: 62 })).toBe(true);
    expect(release({ upPx: 40, upVelocity: 0.2, releasedPercent: 30 })).toBe(false);
  });

  it('a pull down from the top of the expanded list collapses, however short or slow', () => {
    expect(release({ startExpanded: true, fromListTop: true, upPx: -(SHEET_DRAG_THRESHOLD + 1), releasedPercent: 75 })).toBe(false);
    // …but not under the threshold.
    expect(release({ startExpanded: true, fromListTop: true, upPx: -2, releasedPercent: 75.8 })).toBe(true);
  });
});

describe('the release velocity', () => {
  const at = (...points: [number, number][]) => points.map(([t, upPx]) => ({ t, upPx }));

  it(`is the finger's speed over its last ${FLICK_WINDOW_MS} ms, not over the whole drag`, () => {
    // Slowly 20 px in 400 ms, then 40 px in 40 ms: a flick.
    expect(releaseVelocity(at([0, 0], [400, 20], [420, 40], [440, 60], [441, 60]))).toBeCloseTo(40 / 41);
    // The same path at an even pace is slow.
    expect(releaseVelocity(at([0, 0], [220, 30], [441, 60]))).toBeCloseTo(30 / 221);
  });

  it('keeps its sign: a flick down is negative', () => {
    expect(releaseVelocity(at([0, 0], [16, -20], [32, -40], [33, -40]))).toBeCloseTo(-40 / 33);
  });

  it('is not fooled by one tiny last step', () => {
    // A 120 Hz screen: the last move is 1 px, the finger still fast over the window.
    expect(releaseVelocity(at([0, 0], [8, 12], [16, 24], [24, 36], [32, 37], [33, 37]))).toBeGreaterThan(SHEET_FLICK_VELOCITY);
  });

  it('is 0 once the finger stood still before lifting, and without two samples', () => {
    expect(releaseVelocity(at([0, 0], [16, 40], [32, 80], [32 + FLICK_WINDOW_MS + 50, 80]))).toBe(0);
    expect(releaseVelocity(at([5, 10]))).toBe(0);
    expect(releaseVelocity([])).toBe(0);
  });

  it('spans real time when a single move falls in the window', () => {
    expect(releaseVelocity(at([0, 0], [100, 30]))).toBeCloseTo(0.3);
  });
});

describe('list drags and scrolling', () => {
  it('a drag on the collapsed list moves the sheet (the list cannot scroll yet)', () => {
    expect(listDragMovesSheet(false, 0, -20)).toBe(true);
    expect(listScrolls(false)).toBe(false);
  });

  it(`on the expanded list, only a pull down at the top (within ${SHEET_SCROLL_SLACK} px) moves the sheet`, () => {
    expect(listDragMovesSheet(true, 0, 20)).toBe(true);
    expect(listDragMovesSheet(true, SHEET_SCROLL_SLACK, 20)).toBe(true);
    expect(listDragMovesSheet(true, SHEET_SCROLL_SLACK + 1, 20)).toBe(false);
    expect(listDragMovesSheet(true, 0, -20)).toBe(false); // scrolling down the list
    expect(listScrolls(true)).toBe(true);
  });

  it('locks the body only while the phone sheet is expanded', () => {
    expect(bodyScrollLocked(true, true)).toBe(true);
    expect(bodyScrollLocked(false, true)).toBe(false);
    expect(bodyScrollLocked(true, false)).toBe(false);
  });
});
