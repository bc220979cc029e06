import { describe, expect, it } from 'vitest';
import {
  clampView,
  coverScale,
  initialView,
  markerAt,
  markerTip,
  MAX_SCALE,
  MARKER_TIP_Y,
  needsLargeArt,
  viewTransform,
  panView,
  pinchView,
  wheelFactor,
  zoomAbout,
  type View,
} from '../../../src/client/lib/map-math';

const IMAGE = { width: 3704, height: 1824 };
// The phone: 393 wide, 711 tall between header and footer, minus the collapsed sheet (213) = 498 visible.
const PHONE = { width: 393, height: 498 };

const imagePointUnder = (view: View, p: { x: number; y: number }) => ({
  x: (p.x - view.x) / view.scale,
  y: (p.y - view.y) / view.scale,
});

describe('cover scale and the initial view', () => {
  it('fills the taller side of a phone', () => {
    expect(coverScale(PHONE, IMAGE)).toBeCloseTo(498 / 1824);
    expect(coverScale({ width: 2000, height: 300 }, IMAGE)).toBeCloseTo(2000 / 3704);
  });

  it('starts fully zoomed out and centred', () => {
    const v = initialView(PHONE, IMAGE);
    expect(v.scale).toBeCloseTo(498 / 1824);
    expect(v.y).toBeCloseTo(0);
    expect(v.x).toBeCloseTo((393 - 3704 * v.scale) / 2);
  });
});

describe('pan clamping', () => {
  const start = initialView(PHONE, IMAGE);

  it('moves freely inside the image', () => {
    const v = panView(start, 50, 0, PHONE, IMAGE);
    expect(v.x).toBeCloseTo(start.x + 50);
  });

  it('stops at the left and right edges', () => {
    expect(panView(start, 10_000, 0, PHONE, IMAGE).x).toBe(0);
    const right = panView(start, -10_000, 0, PHONE, IMAGE);
    expect(right.x + 3704 * right.scale).toBeCloseTo(PHONE.width);
  });

  it('cannot move vertically at cover scale (the height is exactly covered)', () => {
    expect(panView(start, 0, 80, PHONE, IMAGE).y).toBeCloseTo(0);
    expect(panView(start, 0, -80, PHONE, IMAGE).y).toBeCloseTo(0);
  });

  it('keeps the image covering the view at every zoom', () => {
    for (const scale of [0.2, 0.5, 1, 3]) {
      const v = clampView({ scale, x: 500, y: -5000 }, PHONE, IMAGE);
      expect(v.x).toBeLessThanOrEqual(0);
      expect(v.y).toBeLessThanOrEqual(0);
      expect(v.x + IMAGE.width * v.scale).toBeGreaterThanOrEqual(PHONE.width - 1e-9);
      expect(v.y + IMAGE.height * v.scale).toBeGreaterThanOrEqual(PHONE.height - 1e-9);
    }
  });

  it('limits the scale between cover and the maximum', () => {
    expect(clampView({ scale: 0.01, x: 0, y: 0 }, PHONE, IMAGE).scale).toBeCloseTo(coverScale(PHONE, IMAGE));
    expect(clampView({ scale: 9, x: 0, y: 0 }, PHONE, IMAGE).scale).toBe(MAX_SCALE);
  });
});

describe('pinch zoom about the fingers’ centre', () => {
  const start: View = { x: -1000, y: -300, scale: 0.5 };

  it('keeps the image point under the fingers under them while spreading', () => {
    const centre = { x: 200, y: 250 };
    const before = imagePointUnder(start, centre);
    const v = pinchView(start, centre, centre, 2, PHONE, IMAGE);
    expect(v.scale).toBeCloseTo(1);
    const after = imagePointUnder(v, centre);
    expect(after.x).toBeCloseTo(before.x);
    expect(after.y).toBeCloseTo(before.y);
  });

  it('carries that point along when the fingers also move', () => {
    const from = { x: 200, y: 250 };
    const to = { x: 150, y: 200 };
    const v = pinchView(start, from, to, 1.5, PHONE, IMAGE);
    const after = imagePointUnder(v, to);
    const before = imagePointUnder(start, from);
    expect(after.x).toBeCloseTo(before.x);
    expect(after.y).toBeCloseTo(before.y);
  });

  it('clamps the scale first, so the point still stays put at the limit', () => {
    const centre = { x: 200, y: 250 };
    const v = pinchView(start, centre, centre, 100, PHONE, IMAGE);
    expect(v.scale).toBe(MAX_SCALE);
    expect(imagePointUnder(v, centre).x).toBeCloseTo(imagePointUnder(start, centre).x);
  });

  it('pinching in never zooms out past cover', () => {
    const v = pinchView(start, { x: 200, y: 250 }, { x: 200, y: 250 }, 0.01, PHONE, IMAGE);
    expect(v.scale).toBeCloseTo(coverScale(PHONE, IMAGE));
    expect(v.y + IMAGE.height * v.scale).toBeGreaterThanOrEqual(PHONE.height - 1e-9);
  });
});

describe('wheel zoom', () => {
  it('zooms in on a wheel up and out on a wheel down, about the cursor', () => {
    expect(wheelFactor(-100)).toBeGreaterThan(1);
    expect(wheelFactor(100)).toBeLessThan(1);
    expect(wheelFactor(-3, 1)).toBeCloseTo(wheelFactor(-48));
    const view: View = { x: -1000, y: -300, scale: 0.5 };
    const cursor = { x: 100, y: 100 };
    const v = zoomAbout(view, cursor, wheelFactor(-100), PHONE, IMAGE);
    expect(v.scale).toBeGreaterThan(0.5);
    expect(imagePointUnder(v, cursor).x).toBeCloseTo(imagePointUnder(view, cursor).x);
  });

  it('caps one huge wheel event', () => {
    expect(wheelFactor(-10_000)).toBeCloseTo(wheelFactor(-120));
  });
});

describe('marker placement from normalised coordinates', () => {
  const norm = { x: 0.63, y: 0.62 }; // 경영관

  it.each([0.2730263, 0.5, 1, 1.5])('lands on the building at scale %s', (scale) => {
    const view: View = { x: -400 * scale, y: -120 * scale, scale };
    const tip = markerTip(norm, view, IMAGE);
    // The tip is exactly where the building's centre (norm × image size) is drawn.
    expect(tip.x).toBeCloseTo(view.x + 0.63 * 3704 * scale);
    expect(tip.y).toBeCloseTo(view.y + 0.62 * 1824 * scale);
    const back = imagePointUnder(view, tip);
    expect(back.x / 3704).toBeCloseTo(0.63);
    expect(back.y / 1824).toBeCloseTo(0.62);
  });

  it('the corners map to the image corners', () => {
    const view: View = { x: -10, y: -20, scale: 0.5 };
    expect(markerTip({ x: 0, y: 0 }, view, IMAGE)).toEqual({ x: -10, y: -20 });
    expect(markerTip({ x: 1, y: 1 }, view, IMAGE)).toEqual({ x: -10 + 1852, y: -20 + 912 });
  });

  it('hits the marker icon above its tip, the front-most first', () => {
    const tips = [
      { x: 100, y: 200 },
      { x: 110, y: 210 },
    ];
    expect(markerAt(tips, { x: 100, y: 200 - MARKER_TIP_Y / 2 })).toBe(1);
    expect(markerAt(tips, { x: 75, y: 160 })).toBe(0);
    expect(markerAt(tips, { x: 100, y: 260 })).toBe(-1);
    expect(markerAt(tips, { x: 300, y: 200 })).toBe(-1);
  });
});

describe('which render of the art a view needs', () => {
  it('keeps the medium art zoomed out on phones up to DPR 1.75 and asks for the large one beyond', () => {
    const zoomedOut = initialView(PHONE, IMAGE).scale; // 0.27 screen px per image px
    expect(needsLargeArt(zoomedOut, 1)).toBe(false);
    expect(needsLargeArt(zoomedOut, 1.75)).toBe(false);
    expect(needsLargeArt(zoomedOut, 2)).toBe(true); // 0.55 device px per image px > the medium's 0.5
    expect(needsLargeArt(zoomedOut * 2, 1)).toBe(true); // a pinch to twice the size
    expect(needsLargeArt(0.5, 1)).toBe(false); // exactly the medium's own resolution
  });

  it('places the art with one translate-then-scale transform from its top-left corner', () => {
    expect(viewTransform({ x: -120.5, y: 0, scale: 0.25 })).toBe('translate(-120.5px, 0px) scale(0.25)');
  });
});
