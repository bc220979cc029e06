import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CAMPUS_LABELS } from '../../../src/client/lib/campus-labels';
import {
  initialView,
  MAP_IMAGE,
  MAX_SCALE,
  markerBox,
  markerTip,
  MARKER_TIP_Y,
  placeMarker,
  rectOnStage,
  rectsOverlap,
  zoomAbout,
  type MarkerLook,
  type Rect,
  type View,
} from '../../../src/client/lib/map-math';
import { MARKER_SIZE } from '../../../src/shared/constants';
import { SEED_PLACES } from '../../../src/server/db/seed/places';

const PLAIN: MarkerLook = { stacked: false, scale: 1 };
const LOOKS: MarkerLook[] = [PLAIN, { stacked: true, scale: 1 }, { stacked: false, scale: 1.25 }, { stacked: true, scale: 1.25 }];
// The phone: 393 wide, the map 711 tall between header and footer, 498 of it above the collapsed sheet.
const PHONE = { width: 393, height: 498 };

describe('a marker’s box', () => {
  it('is its pin image around the tip, with the pin behind when stacked, larger when selected', () => {
    expect(markerBox({ x: 100, y: 200 }, PLAIN)).toEqual({
      left: 100 - MARKER_SIZE / 2,
      right: 100 + MARKER_SIZE / 2,
      top: 200 - MARKER_TIP_Y,
      bottom: 200 + MARKER_SIZE - MARKER_TIP_Y,
    });
    const stacked = markerBox({ x: 100, y: 200 }, { stacked: true, scale: 1 });
    expect(stacked.right).toBe(100 + MARKER_SIZE / 2 + 6);
    expect(stacked.top).toBe(200 - MARKER_TIP_Y - 4);
    const big = markerBox({ x: 100, y: 200 }, { stacked: false, scale: 1.5 });
    expect(big.right - big.left).toBe(MARKER_SIZE * 1.5);
    expect(big.top).toBe(200 - MARKER_TIP_Y * 1.5);
  });
});

describe('placing a marker clear of the names on the art', () => {
  const label: Rect = { left: 60, top: 190, right: 140, bottom: 210 };

  it('leaves a marker that covers no name where it is', () => {
    expect(placeMarker({ x: 300, y: 200 }, PLAIN, [label])).toEqual({ x: 300, y: 200 });
  });

  it('stands a pin on its building’s name just above it, pointing down at it', () => {
    const placed = placeMarker({ x: 100, y: 200 }, PLAIN, [label]);
    expect(placed.x).toBe(100);
    expect(markerBox(placed, PLAIN).bottom).toBeLessThanOrEqual(label.top);
    expect(label.top - markerBox(placed, PLAIN).bottom).toBeLessThan(4);
  });

  it('steps past a second name it would land on, or goes sideways when that is shorter', () => {
    const above: Rect = { left: 80, top: 150, right: 120, bottom: 185 };
    const placed = placeMarker({ x: 100, y: 200 }, PLAIN, [label, above]);
    expect([label, above].some((l) => rectsOverlap(markerBox(placed, PLAIN), l))).toBe(false);
    // A tall, narrow name: beside it is the short way.
    const tall: Rect = { left: 95, top: 0, right: 105, bottom: 400 };
    const beside = placeMarker({ x: 100, y: 200 }, PLAIN, [tall]);
    expect(beside.y).toBe(200);
    expect(rectsOverlap(markerBox(beside, PLAIN), tall)).toBe(false);
  });

  it('on the demo campus, no pin (stacked or selected) hides a name, zoomed out or in', () => {
    const start = initialView(PHONE, MAP_IMAGE);
    const views: View[] = [start];
    for (const scale of [0.5, 1, MAX_SCALE]) {
      for (const place of SEED_PLACES) {
        const centre = markerTip({ x: place.x_norm, y: place.y_norm }, start, MAP_IMAGE);
        views.push(zoomAbout(start, centre, scale / start.scale, PHONE, MAP_IMAGE));
      }
    }
    for (const view of views) {
      const labels = CAMPUS_LABELS.map((l) => rectOnStage(l, view));
      for (const place of SEED_PLACES) {
        const tip = markerTip({ x: place.x_norm, y: place.y_norm }, view, MAP_IMAGE);
        // Every seed place sits on its own name: without placing, the pin would hide it.
        expect(labels.some((l) => rectsOverlap(markerBox(tip, PLAIN), l)), place.name).toBe(true);
        for (const look of LOOKS) {
          const box = markerBox(placeMarker(tip, look, labels), look);
          expect(labels.filter((l) => rectsOverlap(box, l)), `${place.name} at ${view.scale}`).toEqual([]);
        }
      }
    }
  });
});

describe('the names’ boxes', () => {
  // Each `class="t lb"` text of the art: its anchor (the middle of its baseline), size and characters.
  const svg = readFileSync('assets/map/campus-large.svg', 'utf8');
  const texts = [...svg.matchAll(/<text class="t lb" x="([\d.]+)" y="([\d.]+)" font-size="([\d.]+)"[^>]*>([^<]+)<\/text>/g)].map(
    ([, x, y, size, name]) => ({ x: Number(x), y: Number(y), size: Number(size), name }),
  );

  it('are every name on the art, each covering its text (a full em per character, baseline to cap height)', () => {
    expect(texts.length).toBe(CAMPUS_LABELS.length);
    for (const text of texts) {
      const width = [...text.name].length * text.size;
      const ink: Rect = { left: text.x - width / 2, right: text.x + width / 2, top: text.y - 0.9 * text.size, bottom: text.y + 0.1 * text.size };
      const box = CAMPUS_LABELS.find((l) => l.name === text.name && l.left <= ink.left && l.right >= ink.right && l.top <= ink.top && l.bottom >= ink.bottom);
      expect(box, text.name).toBeTruthy();
    }
  });

  it('lie on the art', () => {
    for (const l of CAMPUS_LABELS) {
      expect(l.left).toBeGreaterThanOrEqual(0);
      expect(l.right).toBeLessThanOrEqual(MAP_IMAGE.width);
      expect(l.top).toBeGreaterThanOrEqual(0);
      expect(l.bottom).toBeLessThanOrEqual(MAP_IMAGE.height);
    }
  });
});
