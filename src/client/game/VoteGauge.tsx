import Konva from 'konva/lib/Core';
import type { Rect as KonvaRect } from 'konva/lib/shapes/Rect';
import 'konva/lib/shapes/Rect';
import 'konva/lib/shapes/Text';
import { useEffect, useRef } from 'react';
import { Layer, Rect, Stage, Text } from 'react-konva/lib/ReactKonvaCore';
import { gaugeBars, gaugeStats, gaugeSummary } from './gauge-math';
import { GAME_TEXTS as T } from './game-texts';

const HEIGHT = 44;
const GAP = 4;
const RADIUS = 12;
const PAD = 14;
const COLOR_A = '#ff6b3d';
const COLOR_B = '#5b4bd6';
const TWEEN_S = 0.5;
const FONT = "Pretendard, 'Apple SD Gothic Neo', 'Noto Sans KR', 'Noto Sans CJK KR', sans-serif";

interface Props {
  a: number;
  b: number;
  width: number;
}

/**
 * The A/B gauge drawn with Konva. The bars tween to their new widths when counts change (Konva's Tween on the
 * nodes, no React re-render per frame); the numbers are also plain text beside the canvas for screen readers.
 */
export function VoteGauge({ a, b, width }: Props) {
  const stats = gaugeStats(a, b);
  const bars = gaugeBars(stats, width, GAP);
  const rectA = useRef<KonvaRect>(null);
  const rectB = useRef<KonvaRect>(null);

  useEffect(() => {
    const easing = Konva.Easings.EaseInOut;
    // A newer tween of the same attribute replaces a running one, so fast pushes never fight each other.
    rectA.current?.to({ width: bars.aWidth, duration: TWEEN_S, easing });
    rectB.current?.to({ x: bars.bX, width: bars.bWidth, duration: TWEEN_S, easing });
  }, [bars.aWidth, bars.bX, bars.bWidth]);

  return (
    <figure className="gauge" aria-label={T.gaugeLabel}>
      {width > 0 && (
        <div className="gauge__canvas" aria-hidden="true">
        <Stage width={width} height={HEIGHT} listening={false}>
          <Layer listening={false}>
            <Rect width={width} height={HEIGHT} cornerRadius={RADIUS} fill="#efeff4" />
            {/* Start at zero width: the first counts grow in, later ones move from where the bars are. */}
            <Rect ref={rectA} width={0} height={HEIGHT} cornerRadius={RADIUS} fill={COLOR_A} />
            <Rect ref={rectB} x={width} width={0} height={HEIGHT} cornerRadius={RADIUS} fill={COLOR_B} />
            {stats.showALabel && (
              <Text x={PAD} width={width / 2} height={HEIGHT} verticalAlign="middle" text={`${stats.aPercent}%`} fontFamily={FONT} fontSize={16} fontStyle="bold" fill="#fff" />
            )}
            {stats.showBLabel && (
              <Text x={width / 2 - PAD} width={width / 2} height={HEIGHT} align="right" verticalAlign="middle" text={`${stats.bPercent}%`} fontFamily={FONT} fontSize={16} fontStyle="bold" fill="#fff" />
            )}
          </Layer>
        </Stage>
        </div>
      )}
      <figcaption className="gauge__caption">
        <span className="gauge__side gauge__side--a" aria-hidden="true">
          A {T.votes(Math.max(0, a))}
        </span>
        <span className="gauge__total">{T.participants(stats.total)}</span>
        <span className="gauge__side gauge__side--b" aria-hidden="true">
          B {T.votes(Math.max(0, b))}
        </span>
        <span className="visually-hidden">{gaugeSummary(a, b)}</span>
      </figcaption>
    </figure>
  );
}
