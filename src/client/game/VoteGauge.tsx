import Konva from 'konva/lib/Core';
import type { Context } from 'konva/lib/Context';
import type { Rect as KonvaRect } from 'konva/lib/shapes/Rect';
import 'konva/lib/shapes/Rect';
import 'konva/lib/shapes/Text';
import { useEffect, useRef } from 'react';
import { Group, Layer, Rect, Stage, Text } from 'react-konva/lib/ReactKonvaCore';
import { barSpans, GAUGE_COLORS as C, gaugeBars, gaugeStats, gaugeSummary, labelBox, labelInk, type LabelBox } from './gauge-math';
import { GAME_TEXTS as T } from './game-texts';

const HEIGHT = 44;
const GAP = 4;
const RADIUS = 12;
const PAD = 14;
// "100%" at 16 px bold and a PAD either side: a thinner bar gets its label centred instead.
const LABEL_ROOM = 68;
const TWEEN_S = 0.5;
const FONT = "Pretendard, 'Apple SD Gothic Neo', 'Noto Sans KR', 'Noto Sans CJK KR', sans-serif";

export interface VoteGaugeProps {
  a: number;
  b: number;
  width: number;
}

/**
 * The A/B gauge drawn with Konva. The bars tween to their new widths when counts change (Konva's Tween on the
 * nodes, no React re-render per frame); the numbers are also plain text beside the canvas for screen readers.
 * Each percentage is drawn twice so it reads at every frame of the tween: a dark copy on the track, which the bars
 * cover as they grow, and a white copy on top clipped to wherever the bars are at that moment.
 */
export function VoteGauge({ a, b, width }: VoteGaugeProps) {
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

  // Read from the nodes at draw time, so the clip follows the tween frame by frame.
  const clipToBars = (ctx: Context) => {
    const a = rectA.current;
    const b = rectB.current;
    if (!a || !b) return;
    for (const span of barSpans({ aWidth: a.width(), bX: b.x(), bWidth: b.width() })) ctx.rect(span.x, 0, span.width, HEIGHT);
  };
  const labels = (covered: boolean) => (
    <>
      {stats.showALabel && <Label text={`${stats.aPercent}%`} box={labelBox('A', bars, PAD, LABEL_ROOM)} fill={labelInk('A', covered)} />}
      {stats.showBLabel && <Label text={`${stats.bPercent}%`} box={labelBox('B', bars, PAD, LABEL_ROOM)} fill={labelInk('B', covered)} />}
    </>
  );

  return (
    <figure className="gauge" aria-label={T.gaugeLabel}>
      {width > 0 && (
        <div className="gauge__canvas" aria-hidden="true">
        <Stage width={width} height={HEIGHT} listening={false}>
          <Layer listening={false}>
            <Rect width={width} height={HEIGHT} cornerRadius={RADIUS} fill={C.track} />
            {labels(false)}
            {/* Start at zero width: the first counts grow in, later ones move from where the bars are. */}
            <Rect ref={rectA} width={0} height={HEIGHT} cornerRadius={RADIUS} fill={C.barA} />
            <Rect ref={rectB} x={width} width={0} height={HEIGHT} cornerRadius={RADIUS} fill={C.barB} />
            <Group clipFunc={clipToBars}>{labels(true)}</Group>
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

function Label({ text, box, fill }: { text: string; box: LabelBox; fill: string }) {
  return (
    <Text x={box.x} width={box.width} height={HEIGHT} align={box.align} verticalAlign="middle" wrap="none" text={text} fontFamily={FONT} fontSize={16} fontStyle="bold" fill={fill} />
  );
}
