import type Konva from 'konva';
import { Circle, Group, Image as KonvaImage, Text } from 'react-konva/lib/ReactKonvaCore';
import { MARKER_SIZE } from '../../shared/constants';
import { MARKER_TIP_Y } from '../lib/map-math';

interface Props {
  icon: HTMLImageElement | null;
  count: number;
  nodeRef: (node: Konva.Group | null) => void;
}

const BADGE_R = 11;
const BADGE_X = MARKER_SIZE * 0.3;
const BADGE_Y = -MARKER_TIP_Y + BADGE_R - 2;
// A second pin peeking out behind says "more than one" before the number is read.
const STACK_DX = 6;
const STACK_DY = -4;

/**
 * One marker, its origin on the pin's tip. Its position is set imperatively on every frame (never as a prop),
 * so a re-render can never put it back where React last saw it.
 */
export function MapMarker({ icon, count, nodeRef }: Props) {
  const pin = { image: icon ?? undefined, x: -MARKER_SIZE / 2, y: -MARKER_TIP_Y, width: MARKER_SIZE, height: MARKER_SIZE };
  return (
    <Group ref={nodeRef} listening={false}>
      {count > 1 && <KonvaImage {...pin} x={pin.x + STACK_DX} y={pin.y + STACK_DY} opacity={0.55} perfectDrawEnabled={false} />}
      <KonvaImage {...pin} perfectDrawEnabled={false} />
      {count > 1 && (
        <>
          <Circle x={BADGE_X} y={BADGE_Y} radius={BADGE_R} fill="#ff6b3d" stroke="#ffffff" strokeWidth={2} perfectDrawEnabled={false} />
          <Text
            x={BADGE_X - BADGE_R}
            y={BADGE_Y - BADGE_R}
            width={BADGE_R * 2}
            height={BADGE_R * 2}
            text={count > 9 ? '9+' : String(count)}
            align="center"
            verticalAlign="middle"
            fontSize={count > 9 ? 10 : 12}
            fontStyle="bold"
            fill="#ffffff"
          />
        </>
      )}
    </Group>
  );
}
