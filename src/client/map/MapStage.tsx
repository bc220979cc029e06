import type Konva from 'konva';
import 'konva/lib/shapes/Circle';
import 'konva/lib/shapes/Image';
import 'konva/lib/shapes/Text';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { Layer, Stage } from 'react-konva/lib/ReactKonvaCore';
import markerIcon from '../../../assets/icons/marker@2x.png';
import { useElementSize } from '../lib/use-element-size';
import { MapMarker } from './MapMarker';
import {
  clampView,
  initialView,
  isOnScreen,
  MAP_IMAGE as IMAGE,
  markerAt,
  markerTip,
  MARKER_TIP_Y,
  needsLargeArt,
  viewTransform,
  type Point,
  type Size,
  type View,
} from './map-math';
import { MAP_TEXTS } from './map-texts';
import { MarkerPopup } from './MarkerPopup';
import type { PlaceGroup } from './place-groups';
import { useLoadedImage } from './use-loaded-image';
import { useStageGestures } from './use-stage-gestures';

const POPUP_MARGIN = 8;
/** How long after the last zoom step the art is re-rasterised sharp at its new scale. */
const ZOOM_SETTLE_MS = 150;

interface Props {
  groups: PlaceGroup[];
  /** Stage pixels hidden under the collapsed sheet: the image must cover the rest, and may scroll out from under it. */
  bottomInset: number;
  /** The campus art (MapArt), moved with the markers on every frame. */
  artRef: RefObject<HTMLDivElement | null>;
  /** Called when a view first needs the large art (zoomed in, or a sharp screen). */
  onNeedLargeArt: () => void;
}

/**
 * Konva on the phone (its performance guide): the campus art is a CSS-transformed image under the canvas (MapArt),
 * not a Konva shape; drawn on a canvas, the 3704×1824 art cost a quarter-second task on load and most of every pan
 * frame. Konva draws the markers: one layer, not listening (hit tests are arithmetic, see map-math), pixel ratio
 * capped at 2, and every frame drawn imperatively from a ref.
 */
export default function MapStage({ groups, bottomInset, artRef, onNeedLargeArt }: Props) {
  const surfaceRef = useRef<HTMLDivElement>(null);
  const zoomSettle = useRef<ReturnType<typeof setTimeout>>(undefined);
  const lastScale = useRef(0);
  const markerLayer = useRef<Konva.Layer>(null);
  const markerNodes = useRef<(Konva.Group | null)[]>([]);
  const popupRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<View>({ x: 0, y: 0, scale: 1 });
  const tipsRef = useRef<Point[]>([]);
  const size = useElementSize(surfaceRef);
  const viewport: Size = { width: size.width, height: Math.max(1, size.height - bottomInset) };

  const icon = useLoadedImage(markerIcon);
  useEffect(() => () => clearTimeout(zoomSettle.current), []);
  const [openKey, setOpenKey] = useState<string | null>(null);
  const openIndex = groups.findIndex((g) => g.key === openKey);

  // What the next frame draws; refreshed first among the layout effects, so the ones below draw this render.
  const frame = useRef({ groups, openIndex, size, onNeedLargeArt });
  useLayoutEffect(() => {
    frame.current = { groups, openIndex, size, onNeedLargeArt };
  });

  // Nothing is drawn before the first size is known: the placeholder view (scale 1) must never reach the screen,
  // nor ask for the large art.
  const sized = useRef(false);
  const draw = useCallback(() => {
    if (!sized.current) return;
    const view = viewRef.current;
    const { groups: drawn, openIndex: open, size: stage } = frame.current;
    const art = artRef.current;
    if (art) {
      art.style.transform = viewTransform(view);
      // A composited layer keeps the resolution it was rasterised at; once a zoom stops, dropping and restoring
      // will-change makes the browser draw the art again, sharp at the new scale.
      if (view.scale !== lastScale.current) {
        lastScale.current = view.scale;
        if (needsLargeArt(view.scale, window.devicePixelRatio || 1)) frame.current.onNeedLargeArt();
        clearTimeout(zoomSettle.current);
        zoomSettle.current = setTimeout(() => {
          art.style.willChange = 'auto';
          requestAnimationFrame(() => (art.style.willChange = ''));
        }, ZOOM_SETTLE_MS);
      }
    }
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
  }, [artRef]);

  // First size: fully zoomed out. Later sizes (rotation, sheet inset): keep the view, re-clamped.
  useLayoutEffect(() => {
    if (size.width === 0 || size.height === 0) return;
    const ratio = Math.min(window.devicePixelRatio || 1, 2);
    const layer = markerLayer.current;
    if (layer && layer.getCanvas().getPixelRatio() !== ratio) layer.getCanvas().setPixelRatio(ratio);
    const vp = { width: size.width, height: Math.max(1, size.height - bottomInset) };
    viewRef.current = sized.current ? clampView(viewRef.current, vp, IMAGE) : initialView(vp, IMAGE);
    sized.current = true;
    draw();
  }, [size.width, size.height, bottomInset, draw]);

  useLayoutEffect(draw, [draw, groups, openIndex, icon]);

  useStageGestures(surfaceRef, {
    viewport,
    image: IMAGE,
    viewRef,
    draw,
    hitTest: (point) => markerAt(tipsRef.current, point),
    onPress: (marker) => setOpenKey(marker >= 0 ? frame.current.groups[marker].key : null),
  });

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
      >
        <span id="map-stage-hint" className="visually-hidden">
          {MAP_TEXTS.mapHint}
        </span>
        {size.width > 0 && (
          <Stage width={size.width} height={size.height}>
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
