import type Konva from 'konva';
import { Circle, Group, Image as KonvaImage, Text } from 'react-konva/lib/ReactKonvaCore';
import { MARKER_SIZE } from '../../shared/constants';
import { MARKER_STACK_DX, MARKER_STACK_DY, MARKER_TIP_Y } from '../lib/map-math';

interface Props {
  icon: HTMLImageElement | null;
  /** The parties it stands for (the browser tests find a party's marker by them). */
  partyIds: number[];
  /** Its place is the selected one (its card in the list is marked too): drawn larger, on a halo. */
  selected: boolean;
  nodeRef: (node: Konva.Group | null) => void;
}

/** How much larger the selected marker is drawn, about its tip (so it still points at the same spot). */
export const SELECTED_SCALE = 1.25;

const BADGE_R = 11;
const BADGE_X = MARKER_SIZE * 0.3;
const BADGE_Y = -MARKER_TIP_Y + BADGE_R - 2;
// The halo behind the selected pin's head (the art's head is a circle of radius 21 at (32, 24) of 64).
const HEAD_Y = -MARKER_TIP_Y + (24 / 64) * MARKER_SIZE;
const HALO_R = (24 / 64) * MARKER_SIZE;

/**
 * One marker, its origin on the pin's tip. Its position is set imperatively on every frame (never as a prop),
 * so a re-render can never put it back where React last saw it. `name`, `partyIds` and `selected` are for the
 * browser tests, which read the markers from Konva's stage.
 */
export function MapMarker({ icon, partyIds, selected, nodeRef }: Props) {
  const count = partyIds.length;
  const pin = { image: icon ?? undefined, x: -MARKER_SIZE / 2, y: -MARKER_TIP_Y, width: MARKER_SIZE, height: MARKER_SIZE };
  const scale = selected ? SELECTED_SCALE : 1;
  return (
    <Group ref={nodeRef} listening={false} name="map-marker" partyIds={partyIds} selected={selected} scaleX={scale} scaleY={scale}>
      {selected && <Circle x={0} y={HEAD_Y} radius={HALO_R} fill="#7B61FF" opacity={0.3} perfectDrawEnabled={false} />}
      {count > 1 && <KonvaImage {...pin} x={pin.x + MARKER_STACK_DX} y={pin.y + MARKER_STACK_DY} opacity={0.55} perfectDrawEnabled={false} />}
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
