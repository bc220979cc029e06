import { describe, expect, it } from 'vitest';
import { clampNorm, initialView, markerTip, stageToNorm, type View } from '../../../src/client/lib/map-math';
import { parsePercent, percentText, readPosition } from '../../../src/client/ops/place-form';
import { stagePins, withMoves } from '../../../src/client/ops/place-pins';
import { draggedNorm, dropTarget, pointToNorm } from '../../../src/client/ops/pin-drag';

const IMAGE = { width: 3704, height: 1824 };
// The console's map box on a 393 px phone: 361 × 443, fully zoomed out (cover scale 443/1824).
const ZOOMED_OUT = initialView({ width: 361, height: 443 }, IMAGE);
// Panned and zoomed in: the art's left edge 1200 px off to the left, 0.9 screen px per image px.
const ZOOMED_IN: View = { x: -1200, y: -300, scale: 0.9 };
const place = (id: number, name: string, x: number, y: number) => ({ id, name, x_norm: x, y_norm: y, photo: null, upcoming_parties: 0 });

describe('a stage point on the map', () => {
  it('is the normalised point a pin drawn there stands on, under any pan and zoom', () => {
    for (const view of [ZOOMED_OUT, ZOOMED_IN]) {
      for (const norm of [{ x: 0.37, y: 0.56 }, { x: 0.5, y: 0.42 }, { x: 0, y: 1 }]) {
        const back = stageToNorm(markerTip(norm, view, IMAGE), view, IMAGE);
        expect(back.x).toBeCloseTo(norm.x, 10);
        expect(back.y).toBeCloseTo(norm.y, 10);
      }
    }
  });

  it('follows the zoom: the same screen pixel is a different spot zoomed in', () => {
    const centre = { x: 361 / 2, y: 443 / 2 };
    expect(pointToNorm(centre, ZOOMED_OUT, IMAGE)).toEqual({ x: 0.5, y: 0.5 });
    // (180.5 + 1200) / (3704 × 0.9) = 0.41412…, (221.5 + 300) / (1824 × 0.9) = 0.31768…
    expect(pointToNorm(centre, ZOOMED_IN, IMAGE)).toEqual({ x: 0.4141, y: 0.3177 });
  });

  it('is kept on the art: a tap or a drag past an edge stops on it', () => {
    expect(clampNorm({ x: -0.2, y: 1.3 })).toEqual({ x: 0, y: 1 });
    expect(clampNorm({ x: 0.25, y: 0.75 })).toEqual({ x: 0.25, y: 0.75 });
    expect(pointToNorm({ x: -1500, y: 5000 }, ZOOMED_IN, IMAGE)).toEqual({ x: 0, y: 1 });
  });
});

describe('dragging a pin', () => {
  const from = { x: 0.4, y: 0.5 };
  const tip = markerTip(from, ZOOMED_IN, IMAGE);

  it('moves its tip as far as the finger moved, wherever on the pin it was grabbed', () => {
    const grabbedByHead = { x: tip.x + 3, y: tip.y - 30 };
    const moved = draggedNorm(from, grabbedByHead, { x: grabbedByHead.x + 100, y: grabbedByHead.y - 60 }, ZOOMED_IN, IMAGE);
    expect(moved.x).toBeCloseTo(0.4 + 100 / (IMAGE.width * 0.9), 4);
    expect(moved.y).toBeCloseTo(0.5 - 60 / (IMAGE.height * 0.9), 4);
  });

  it('counts screen pixels at the current zoom: zoomed out the same move goes farther on the map', () => {
    const outTip = markerTip(from, ZOOMED_OUT, IMAGE);
    const far = draggedNorm(from, outTip, { x: outTip.x + 100, y: outTip.y }, ZOOMED_OUT, IMAGE);
    const near = draggedNorm(from, tip, { x: tip.x + 100, y: tip.y }, ZOOMED_IN, IMAGE);
    expect(far.x - from.x).toBeGreaterThan(3 * (near.x - from.x));
  });

  it('stops at the edge of the art', () => {
    expect(draggedNorm(from, tip, { x: tip.x - 5000, y: tip.y + 5000 }, ZOOMED_IN, IMAGE)).toEqual({ x: 0, y: 1 });
  });

  it('saves a release somewhere else, and nothing for a pin let go where it was', () => {
    expect(dropTarget(from, { x: 0.4123, y: 0.5 })).toEqual({ x: 0.4123, y: 0.5 });
    expect(dropTarget(from, { x: 0.40001, y: 0.49999 })).toBeNull();
    expect(dropTarget(from, draggedNorm(from, tip, tip, ZOOMED_IN, IMAGE))).toBeNull();
  });
});

describe('position fields', () => {
  it('show a position as a percent with two decimals, and read it back exactly', () => {
    expect(percentText(0.4123)).toBe('41.23');
    expect(parsePercent('41.23')).toBe(0.4123);
    expect(parsePercent(' 100 ')).toBe(1);
    expect(parsePercent('0')).toBe(0);
  });

  it('refuse what is not a percent of the art, with a message beside each such field', () => {
    for (const bad of ['', 'abc', '-1', '100.5']) expect(parsePercent(bad)).toBeNull();
    expect(readPosition({ x: '150', y: '20' }, '범위')).toEqual({ norm: null, errors: { x: '범위', y: undefined } });
    expect(readPosition({ x: '10', y: '20' }, '범위')).toEqual({ norm: { x: 0.1, y: 0.2 }, errors: { x: undefined, y: undefined } });
  });
});

describe('pins', () => {
  const places = [place(1, '공학관', 0.74, 0.3), place(2, '학생회관', 0.37, 0.56), place(3, '중앙도서관', 0.5, 0.42)];

  it('are drawn top to bottom, the chosen place and then the new one in front', () => {
    expect(stagePins(places, null, null).map((p) => p.name)).toEqual(['공학관', '중앙도서관', '학생회관']);
    const pins = stagePins(places, 1, { name: '새 장소', at: { x: 0.2, y: 0.1 } });
    expect(pins.map((p) => [p.name, p.highlighted])).toEqual([
      ['중앙도서관', false],
      ['학생회관', false],
      ['공학관', true],
      ['새 장소', true],
    ]);
    expect(pins[3].id).toBeNull();
  });

  it('name only the chosen place and the new one: the art already prints the buildings\' names', () => {
    expect(stagePins(places, null, null).map((p) => p.label)).toEqual([null, null, null]);
    expect(stagePins(places, 2, { name: '새 장소', at: { x: 0.2, y: 0.1 } }).map((p) => [p.name, p.label])).toEqual([
      ['공학관', null],
      ['중앙도서관', null],
      ['학생회관', '학생회관'],
      ['새 장소', '새 장소'],
    ]);
  });

  it('show a dropped pin where it was dropped while its save is under way', () => {
    expect(withMoves(places, { 2: { x: 0.1, y: 0.2 } }).map((p) => [p.id, p.x_norm, p.y_norm])).toEqual([
      [1, 0.74, 0.3],
      [2, 0.1, 0.2],
      [3, 0.5, 0.42],
    ]);
  });
});
