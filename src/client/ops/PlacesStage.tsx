import type Konva from 'konva';
import 'konva/lib/shapes/Image';
import 'konva/lib/shapes/Label';
import 'konva/lib/shapes/Text';
import { useLayoutEffect, useRef, type RefObject } from 'react';
import markerIcon from '../../../assets/icons/marker@2x.png';
import { isOnScreen, MAP_IMAGE, markerAt, markerTip, type Point, type View } from '../lib/map-math';
import { useLoadedImage } from '../lib/use-loaded-image';
import { CampusSurface } from '../ui/campus-map/CampusSurface';
import { useCampusView } from '../ui/campus-map/use-campus-view';
import { draggedNorm, dropTarget, pointToNorm } from './pin-drag';
import { PlacePin } from './PlacePin';
import { PLACES_TEXTS as T } from './places-texts';

/** A pin on the console's map: a place (`id`), or the new place being added (`id` null). */
export interface StagePin {
  id: number | null;
  name: string;
  /** The name drawn under the pin, or null: the art already prints it (place-pins.ts says when). */
  label: string | null;
  x: number;
  y: number;
  highlighted: boolean;
}

interface Props {
  /** In drawing order: the last one is in front (and wins a hit test). */
  pins: StagePin[];
  /** A place is being added: a tap anywhere puts its pin there, and only its pin can be dragged. */
  adding: boolean;
  artRef: RefObject<HTMLDivElement | null>;
  onNeedLargeArt: () => void;
  onSelect: (id: number) => void;
  /** A tap on the map while adding: where the new place goes. */
  onPick: (norm: Point) => void;
  /** A pin was dragged and released somewhere else. */
  onDrop: (id: number | null, norm: Point) => void;
}

/**
 * The console's campus map: the students' art and view (useCampusView: pan, pinch, wheel), with every place as a
 * pin an operator drags to move it. The pin follows the finger imperatively, frame by frame; only the release
 * reaches React (onDrop), which saves it.
 */
export function PlacesStage({ pins, adding, artRef, onNeedLargeArt, onSelect, onPick, onDrop }: Props) {
  const surfaceRef = useRef<HTMLDivElement>(null);
  const layerRef = useRef<Konva.Layer>(null);
  const pinNodes = useRef<(Konva.Group | null)[]>([]);
  const tipsRef = useRef<Point[]>([]);
  const viewAt = useRef<View>({ x: 0, y: 0, scale: 1 });
  // The pin under a finger, where it is now: drawn there until the release.
  const dragRef = useRef<{ index: number; norm: Point } | null>(null);
  const icon = useLoadedImage(markerIcon);

  const { size, draw } = useCampusView({
    surfaceRef,
    artRef,
    layerRef,
    bottomInset: 0,
    onNeedLargeArt,
    paint: (view, stage) => {
      viewAt.current = view;
      const drag = dragRef.current;
      const tips = pins.map((pin, i) => markerTip(drag?.index === i ? drag.norm : pin, view, MAP_IMAGE));
      tips.forEach((tip, i) => pinNodes.current[i]?.position(tip).visible(isOnScreen(tip, stage)));
      layerRef.current?.draw();
      tipsRef.current = tips;
    },
    hitTest: (point) => markerAt(tipsRef.current, point),
    onPress: (index, _kind, point) => {
      const pin = pins[index] as StagePin | undefined;
      if (adding) {
        // A tap on the new pin itself is a grab that did not move: it stays where it is.
        if (!pin || pin.id !== null) onPick(pointToNorm(point, viewAt.current, MAP_IMAGE));
      } else if (pin?.id != null) onSelect(pin.id);
    },
    drag: {
      canDrag: (index) => (pins[index]?.id === null) === adding,
      move: (index, point, start) => {
        dragRef.current = { index, norm: draggedNorm(pins[index], start, point, viewAt.current, MAP_IMAGE) };
      },
      drop: (index, point, start) => {
        const pin = pins[index];
        const to = dropTarget(pin, draggedNorm(pin, start, point, viewAt.current, MAP_IMAGE));
        dragRef.current = null;
        if (to) onDrop(pin.id, to);
      },
      cancel: () => {
        dragRef.current = null;
      },
    },
  });

  useLayoutEffect(draw, [draw, pins, icon]);

  return (
    <CampusSurface surfaceRef={surfaceRef} layerRef={layerRef} size={size} className="places-map__surface" label={T.mapLabel} hint={T.mapHint} markers={pins.length}>
      {pins.map((pin, i) => (
        <PlacePin
          key={pin.id ?? 'new'}
          icon={icon}
          label={pin.label}
          nodeRef={(node) => {
            pinNodes.current[i] = node;
          }}
        />
      ))}
    </CampusSurface>
  );
}
