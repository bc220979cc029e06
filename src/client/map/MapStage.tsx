import type Konva from 'konva';
import 'konva/lib/shapes/Circle';
import 'konva/lib/shapes/Image';
import 'konva/lib/shapes/Text';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { Image as KonvaImage, Layer, Stage } from 'react-konva/lib/ReactKonvaCore';
import markerIcon from '../../../assets/icons/marker@2x.png';
import campusLarge from '../../../assets/map/campus-large.webp';
import campusSmall from '../../../assets/map/campus.webp';
import { MAP_LARGE_HEIGHT, MAP_LARGE_WIDTH } from '../../shared/constants';
import { MapMarker } from './MapMarker';
import { clampView, initialView, isOnScreen, markerAt, markerTip, MARKER_TIP_Y, type Point, type Size, type View } from './map-math';
import { MAP_TEXTS } from './map-texts';
import { MarkerPopup } from './MarkerPopup';
import type { PlaceGroup } from './place-groups';
import { useElementSize } from './use-element-size';
import { useLoadedImage } from './use-loaded-image';
import { useStageGestures } from './use-stage-gestures';

// The map's coordinate space is the large image's; the small one is stretched onto it while the large loads.
const IMAGE: Size = { width: MAP_LARGE_WIDTH, height: MAP_LARGE_HEIGHT };
const POPUP_MARGIN = 8;

interface Props {
  groups: PlaceGroup[];
  /** Stage pixels hidden under the collapsed sheet: the image must cover the rest, and may scroll out from under it. */
  bottomInset: number;
}

/**
 * Konva on the phone (its performance guide): two layers, neither listening (hit tests are arithmetic, see
 * map-math), pixel ratio capped at 2, and every frame drawn imperatively from a ref.
 */
export default function MapStage({ groups, bottomInset }: Props) {
  const surfaceRef = useRef<HTMLDivElement>(null);
  const imageLayer = useRef<Konva.Layer>(null);
  const markerLayer = useRef<Konva.Layer>(null);
  const markerNodes = useRef<(Konva.Group | null)[]>([]);
  const popupRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<View>({ x: 0, y: 0, scale: 1 });
  const tipsRef = useRef<Point[]>([]);
  const size = useElementSize(surfaceRef);
  const viewport: Size = { width: size.width, height: Math.max(1, size.height - bottomInset) };

  const small = useLoadedImage(campusSmall);
  const icon = useLoadedImage(markerIcon);
  // The 3704×1824 art (265 KB, a long decode) waits until the small map is up: it never competes with the first
  // paint, the sheet's photos or the markers for the network or the main thread.
  const large = useLoadedImage(small && icon ? campusLarge : null);
  const [openKey, setOpenKey] = useState<string | null>(null);
  const openIndex = groups.findIndex((g) => g.key === openKey);

  // What the next frame draws; refreshed first among the layout effects, so the ones below draw this render.
  const frame = useRef({ groups, openIndex, size });
  useLayoutEffect(() => {
    frame.current = { groups, openIndex, size };
  });

  const draw = useCallback(() => {
    const view = viewRef.current;
    const { groups: drawn, openIndex: open, size: stage } = frame.current;
    imageLayer.current?.position({ x: view.x, y: view.y }).scale({ x: view.scale, y: view.scale }).draw();
    const tips = drawn.map((g) => markerTip(g, view, IMAGE));
    tips.forEach((tip, i) => markerNodes.current[i]?.position(tip).visible(isOnScreen(tip, stage)));
    markerLayer.current?.draw();
    tipsRef.current = tips;
    const surface = surfaceRef.current;
    // For the browser tests: where a normalised point lands, without reaching into Konva.
    surface?.setAttribute('data-view', JSON.stringify({ x: view.x, y: view.y, scale: view.scale }));
    const popup = popupRef.current;
    if (popup && tips[open]) {
      const tip = tips[open];
      const { offsetWidth: w, offsetHeight: h } = popup;
      const left = Math.min(Math.max(tip.x - w / 2, POPUP_MARGIN), stage.width - w - POPUP_MARGIN);
      // Above the pin when it fits under the top edge, else below the tip.
      const above = tip.y - MARKER_TIP_Y - h - POPUP_MARGIN > 0;
      const top = above ? tip.y - MARKER_TIP_Y - h - POPUP_MARGIN : tip.y + POPUP_MARGIN;
      popup.dataset.placement = above ? 'above' : 'below';
      popup.style.setProperty('--arrow-x', `${tip.x - left}px`);
      popup.style.transform = `translate(${left}px, ${top}px)`;
      popup.style.visibility = isOnScreen(tip, stage, 0) ? 'visible' : 'hidden';
    }
  }, []);

  // First size: fully zoomed out. Later sizes (rotation, sheet inset): keep the view, re-clamped.
  const sized = useRef(false);
  useLayoutEffect(() => {
    if (size.width === 0 || size.height === 0) return;
    const ratio = Math.min(window.devicePixelRatio || 1, 2);
    for (const layer of [imageLayer.current, markerLayer.current]) {
      if (layer && layer.getCanvas().getPixelRatio() !== ratio) layer.getCanvas().setPixelRatio(ratio);
    }
    const vp = { width: size.width, height: Math.max(1, size.height - bottomInset) };
    viewRef.current = sized.current ? clampView(viewRef.current, vp, IMAGE) : initialView(vp, IMAGE);
    sized.current = true;
    draw();
  }, [size.width, size.height, bottomInset, draw]);

  useLayoutEffect(draw, [draw, groups, openIndex, small, large, icon]);

  useStageGestures(surfaceRef, {
    viewport,
    image: IMAGE,
    viewRef,
    draw,
    hitTest: (point) => markerAt(tipsRef.current, point),
    onPress: (marker) => setOpenKey(marker >= 0 ? frame.current.groups[marker].key : null),
  });

  const mapImage = large ?? small;
  return (
    <div className="map-stage">
      <div
        ref={surfaceRef}
        className="map-stage__surface"
        // The canvas is a picture to a screen reader; its parties are the sheet's list (MAP_TEXTS.mapHint says so).
        role="img"
        aria-label={MAP_TEXTS.mapLabel}
        aria-describedby="map-stage-hint"
        data-image-width={IMAGE.width}
        data-image-height={IMAGE.height}
        data-markers={groups.length}
        data-detail={large ? 'large' : small ? 'small' : 'none'}
      >
        <span id="map-stage-hint" className="visually-hidden">
          {MAP_TEXTS.mapHint}
        </span>
        {size.width > 0 && (
          <Stage width={size.width} height={size.height}>
            <Layer ref={imageLayer} listening={false}>
              {mapImage && <KonvaImage image={mapImage} width={IMAGE.width} height={IMAGE.height} listening={false} />}
            </Layer>
            <Layer ref={markerLayer} listening={false}>
              {groups.map((group, i) => (
                <MapMarker
                  key={group.key}
                  icon={icon}
                  count={group.parties.length}
                  nodeRef={(node) => {
                    markerNodes.current[i] = node;
                  }}
                />
              ))}
            </Layer>
          </Stage>
        )}
      </div>
      {openIndex >= 0 && <MarkerPopup ref={popupRef} group={groups[openIndex]} onClose={() => setOpenKey(null)} />}
    </div>
  );
}
