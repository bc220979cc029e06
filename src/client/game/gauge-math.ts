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
