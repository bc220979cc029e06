import { GAUGE_LABEL_MIN_SHARE } from '../../shared/constants';

export interface GaugeStats {
  total: number;
  aShare: number;
  bShare: number;
  /** Whole percentages that always add up to 100 once anyone has voted. */
  aPercent: number;
  bPercent: number;
  /** Spec §9: a label shows only above 10%; at 10% or less it would not fit its bar. */
  showALabel: boolean;
  showBLabel: boolean;
}

export function gaugeStats(a: number, b: number): GaugeStats {
  const va = Math.max(0, a);
  const vb = Math.max(0, b);
  const total = va + vb;
  const aShare = total ? va / total : 0;
  const bShare = total ? vb / total : 0;
  const aPercent = total ? Math.round(aShare * 100) : 0;
  return {
    total,
    aShare,
    bShare,
    aPercent,
    bPercent: total ? 100 - aPercent : 0,
    showALabel: aShare > GAUGE_LABEL_MIN_SHARE,
    showBLabel: bShare > GAUGE_LABEL_MIN_SHARE,
  };
}

export interface GaugeBars {
  aWidth: number;
  bX: number;
  bWidth: number;
}

/** A grows from the left, B from the right, with a small gap between them when both have votes. */
export function gaugeBars(stats: GaugeStats, width: number, gap: number): GaugeBars {
  const both = stats.aShare > 0 && stats.bShare > 0;
  const usable = Math.max(0, width - (both ? gap : 0));
  const aWidth = usable * stats.aShare;
  const bWidth = usable * stats.bShare;
  return { aWidth, bX: width - bWidth, bWidth };
}

export function gaugeSummary(a: number, b: number): string {
  const s = gaugeStats(a, b);
  return `A ${Math.max(0, a)}표 (${s.aPercent}%), B ${Math.max(0, b)}표 (${s.bPercent}%)`;
}

/** The gauge's colours. Each label ink is checked against what it is drawn on (tests/client/game-gauge-math.test.ts). */
export const GAUGE_COLORS = {
  track: '#efeff4',
  // White 16 px bold labels need 4.5:1 on their bar; the lighter brand orange gave 2.8:1.
  barA: '#d1451a',
  barB: '#5b4bd6',
  onBar: '#ffffff',
  // A label (or the part of it) the bar has not reached yet is drawn in its side's dark colour on the grey track.
  onTrackA: '#a8320c',
  onTrackB: '#4a3bc4',
} as const;

export interface Span {
  x: number;
  width: number;
}

export interface LabelBox extends Span {
  align: 'left' | 'right' | 'center';
}

/**
 * Where a side's percentage sits: inside the outer end of its final bar, `pad` from the edge, when the bar has room
 * for it (`room`); otherwise centred on the bar, so a thin bar's label does not reach into the other bar.
 */
export function labelBox(side: 'A' | 'B', bars: GaugeBars, pad: number, room: number): LabelBox {
  const x = side === 'A' ? 0 : bars.bX;
  const width = side === 'A' ? bars.aWidth : bars.bWidth;
  if (width < room) return { x, width, align: 'center' };
  return { x: x + pad, width: width - 2 * pad, align: side === 'A' ? 'left' : 'right' };
}

/** The parts of the gauge the bars cover at this moment (both, one or none). */
export function barSpans(bars: GaugeBars): Span[] {
  const spans = [{ x: 0, width: bars.aWidth }, { x: bars.bX, width: bars.bWidth }];
  return spans.filter((s) => s.width > 0);
}

/** Whether a bar covers the gauge at `x` (what the white copies of the labels are clipped to). */
export function onBar(x: number, spans: Span[]): boolean {
  return spans.some((s) => x >= s.x && x < s.x + s.width);
}

/**
 * The ink of a label pixel: white on a bar, its side's dark colour on the bare track. The gauge draws a dark copy of
 * each label under the bars and a white copy clipped to `barSpans` over them, so this holds at every frame of the
 * tween, not only once the bars have arrived.
 */
export function labelInk(side: 'A' | 'B', covered: boolean): string {
  if (covered) return GAUGE_COLORS.onBar;
  return side === 'A' ? GAUGE_COLORS.onTrackA : GAUGE_COLORS.onTrackB;
}
