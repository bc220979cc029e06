import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { barSpans, GAUGE_COLORS, gaugeBars, gaugeStats, gaugeSummary, labelBox, labelInk, onBar } from '../../src/client/game/gauge-math';
import { clampIndex, indexAfterSwipe, rubberBand, trackOffset } from '../../src/client/lib/slider-math';

describe('gaugeStats', () => {
  it('gives shares and whole percentages that add up to 100', () => {
    expect(gaugeStats(3, 1)).toMatchObject({ total: 4, aShare: 0.75, bShare: 0.25, aPercent: 75, bPercent: 25 });
    const third = gaugeStats(1, 2);
    expect([third.aPercent, third.bPercent]).toEqual([33, 67]);
    expect(gaugeStats(2, 1)).toMatchObject({ aPercent: 67, bPercent: 33 });
  });

  it('reads 0% each with no votes, and hides both labels', () => {
    expect(gaugeStats(0, 0)).toEqual({ total: 0, aShare: 0, bShare: 0, aPercent: 0, bPercent: 0, showALabel: false, showBLabel: false });
  });

  it('shows a label only above 10%: hidden at exactly 10% or less', () => {
    expect(gaugeStats(1, 9)).toMatchObject({ aPercent: 10, showALabel: false, showBLabel: true });
    expect(gaugeStats(1, 19)).toMatchObject({ aPercent: 5, showALabel: false });
    expect(gaugeStats(11, 89)).toMatchObject({ aPercent: 11, showALabel: true, showBLabel: true });
    expect(gaugeStats(1, 0)).toMatchObject({ aPercent: 100, bPercent: 0, showALabel: true, showBLabel: false });
  });

  it('treats bad negative counts as zero', () => {
    expect(gaugeStats(-3, 2)).toMatchObject({ total: 2, aPercent: 0, bPercent: 100 });
  });
});

describe('gaugeBars', () => {
  it('splits the width by share, with a gap only when both sides have votes', () => {
    expect(gaugeBars(gaugeStats(3, 1), 304, 4)).toEqual({ aWidth: 225, bX: 229, bWidth: 75 });
    expect(gaugeBars(gaugeStats(1, 0), 300, 4)).toEqual({ aWidth: 300, bX: 300, bWidth: 0 });
    expect(gaugeBars(gaugeStats(0, 0), 300, 4)).toEqual({ aWidth: 0, bX: 300, bWidth: 0 });
  });
});

// WCAG 2 relative luminance and contrast ratio of two #rrggbb colours.
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function contrast(x: string, y: string): number {
  const [hi, lo] = [luminance(x), luminance(y)].sort((p, q) => q - p);
  return (hi + 0.05) / (lo + 0.05);
}

describe('gauge labels', () => {
  it('sit inside the outer end of a wide bar, and centred on a thin one', () => {
    const bars = gaugeBars(gaugeStats(3, 1), 304, 4); // A 225 px, B 75 px from 229
    expect(labelBox('A', bars, 14, 68)).toEqual({ x: 14, width: 197, align: 'left' });
    expect(labelBox('B', bars, 14, 68)).toEqual({ x: 243, width: 47, align: 'right' });
    const thin = gaugeBars(gaugeStats(88, 12), 304, 4); // B 36 px
    expect(labelBox('B', thin, 14, 68)).toEqual({ x: thin.bX, width: thin.bWidth, align: 'center' });
  });

  it('are white only where a bar is under them, and dark on the bare track: never white on grey', () => {
    // Mid-tween: A has grown 30 px of its way, B 10 px.
    const spans = barSpans({ aWidth: 30, bX: 290, bWidth: 10 });
    expect(labelInk('A', onBar(20, spans))).toBe('#ffffff');
    expect(labelInk('A', onBar(40, spans))).toBe(GAUGE_COLORS.onTrackA);
    expect(labelInk('B', onBar(280, spans))).toBe(GAUGE_COLORS.onTrackB);
    expect(labelInk('B', onBar(295, spans))).toBe('#ffffff');
    // Before anything has grown there is no bar at all.
    expect(barSpans({ aWidth: 0, bX: 300, bWidth: 0 })).toEqual([]);
  });

  it('keep 4.5:1 against whatever is under them at every moment of any tween', () => {
    const width = 353;
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 0, max: width - 1 }), fc.constantFrom('A' as const, 'B' as const), (a, b, x, side) => {
        // Any moment of a tween: each bar somewhere along its way, A from the left and B from the right.
        const aWidth = a * width * 0.6;
        const bWidth = b * width * 0.4;
        const spans = barSpans({ aWidth, bX: width - bWidth, bWidth });
        const covered = onBar(x, spans);
        const under = !covered ? GAUGE_COLORS.track : x < aWidth ? GAUGE_COLORS.barA : GAUGE_COLORS.barB;
        expect(contrast(labelInk(side, covered), under)).toBeGreaterThanOrEqual(4.5);
      }),
    );
  });
});

describe('gaugeSummary', () => {
  it('is the text next to the canvas', () => {
    expect(gaugeSummary(1, 0)).toBe('A 1표 (100%), B 0표 (0%)');
    expect(gaugeSummary(2, 2)).toBe('A 2표 (50%), B 2표 (50%)');
  });
});

describe('slider maths', () => {
  it('places slide i at -(width + spacing) * i', () => {
    expect(trackOffset(0, 333, 30)).toBe(0);
    expect(trackOffset(2, 333, 30)).toBe(-726);
    expect(trackOffset(1, 333, 30, -40)).toBe(-403);
  });

  it('moves one slide after a drag past a quarter of the width or a flick, never past the ends', () => {
    expect(indexAfterSwipe(0, 5, -100, 300)).toBe(1);
    expect(indexAfterSwipe(1, 5, 100, 300)).toBe(0);
    expect(indexAfterSwipe(1, 5, -40, 300)).toBe(1);
    expect(indexAfterSwipe(1, 5, -10, 300, -1)).toBe(2);
    expect(indexAfterSwipe(4, 5, -200, 300)).toBe(4);
    expect(indexAfterSwipe(0, 5, 200, 300)).toBe(0);
  });

  it('resists drags past the ends and clamps indexes', () => {
    expect(rubberBand(90, 0, 5)).toBe(30);
    expect(rubberBand(-90, 4, 5)).toBe(-30);
    expect(rubberBand(-90, 0, 5)).toBe(-90);
    expect(clampIndex(9, 5)).toBe(4);
    expect(clampIndex(-1, 5)).toBe(0);
    expect(clampIndex(3, 0)).toBe(0);
  });
});
