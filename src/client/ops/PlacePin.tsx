import type Konva from 'konva';
import { Group, Image as KonvaImage, Label, Tag, Text } from 'react-konva/lib/ReactKonvaCore';
import { MARKER_SIZE } from '../../shared/constants';
import { MARKER_TIP_Y } from '../lib/map-math';

interface Props {
  icon: HTMLImageElement | null;
  /** The name on a tag under the tip: only the chosen place's and the new one's (place-pins.ts stagePins). */
  label: string | null;
  nodeRef: (node: Konva.Group | null) => void;
}

// The app's font (app.css): a canvas does not inherit it.
const FONT = "Pretendard, 'Apple SD Gothic Neo', 'Noto Sans KR', 'Noto Sans CJK KR', sans-serif";

/**
 * One place on the console's map: the students' marker, its tip on the spot, and for the chosen or new place its
 * name on a tag just under the tip. Positioned imperatively on every frame, as MapMarker.
 */
export function PlacePin({ icon, label, nodeRef }: Props) {
  return (
    <Group ref={nodeRef} listening={false}>
      <KonvaImage image={icon ?? undefined} x={-MARKER_SIZE / 2} y={-MARKER_TIP_Y} width={MARKER_SIZE} height={MARKER_SIZE} perfectDrawEnabled={false} />
      {label !== null && (
        <Label y={3}>
          <Tag
            fill="#d1451a"
            stroke="#ffffff"
            strokeWidth={1}
            cornerRadius={6}
            pointerDirection="up"
            pointerWidth={8}
            pointerHeight={4}
            shadowColor="#141428"
            shadowOpacity={0.18}
            shadowBlur={4}
            shadowOffsetY={1}
          />
          <Text text={label} fontFamily={FONT} fontSize={12} fontStyle="bold" padding={4} fill="#ffffff" />
        </Label>
      )}
    </Group>
  );
}
