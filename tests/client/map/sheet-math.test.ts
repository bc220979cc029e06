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
  heightPx,
  listDragMovesSheet,
  listScrolls,
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

  it('a pull down from the top of the expanded list collapses, however short or slow', () => {
    expect(release({ startExpanded: true, fromListTop: true, upPx: -(SHEET_DRAG_THRESHOLD + 1), releasedPercent: 75 })).toBe(false);
    // …but not under the threshold.
    expect(release({ startExpanded: true, fromListTop: true, upPx: -2, releasedPercent: 75.8 })).toBe(true);
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
