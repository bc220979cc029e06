import type Konva from 'konva';
import 'konva/lib/shapes/Circle';
import 'konva/lib/shapes/Image';
import 'konva/lib/shapes/Text';
import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import markerIcon from '../../../assets/icons/marker@2x.png';
import { isOnScreen, MAP_IMAGE as IMAGE, markerAt, markerTip, MARKER_TIP_Y, type Point } from '../lib/map-math';
import { useLoadedImage } from '../lib/use-loaded-image';
import { CampusSurface } from '../ui/campus-map/CampusSurface';
import { useCampusView } from '../ui/campus-map/use-campus-view';
import { MapMarker } from './MapMarker';
import { MAP_TEXTS } from './map-texts';
import { MarkerPopup } from './MarkerPopup';
import type { PlaceGroup } from './place-groups';

const POPUP_MARGIN = 8;

interface Props {
  groups: PlaceGroup[];
  /** Stage pixels hidden under the collapsed sheet: the image must cover the rest, and may scroll out from under it. */
  bottomInset: number;
  /** The campus art (CampusArt), moved with the markers on every frame. */
  artRef: RefObject<HTMLDivElement | null>;
  /** Called when a view first needs the large art (zoomed in, or a sharp screen). */
  onNeedLargeArt: () => void;
}

/**
 * Konva on the phone (its performance guide): the campus art is a CSS-transformed image under the canvas (CampusArt),
 * not a Konva shape; drawn on a canvas, the 3704×1824 art cost a quarter-second task on load and most of every pan
 * frame. Konva draws the markers: one layer, not listening (hit tests are arithmetic, see map-math), pixel ratio
 * capped at 2, and every frame drawn imperatively from a ref (useCampusView).
 */
export default function MapStage({ groups, bottomInset, artRef, onNeedLargeArt }: Props) {
  const surfaceRef = useRef<HTMLDivElement>(null);
  const markerLayer = useRef<Konva.Layer>(null);
  const markerNodes = useRef<(Konva.Group | null)[]>([]);
  const popupRef = useRef<HTMLDivElement>(null);
  const tipsRef = useRef<Point[]>([]);

  const icon = useLoadedImage(markerIcon);
  const [openKey, setOpenKey] = useState<string | null>(null);
  const openIndex = groups.findIndex((g) => g.key === openKey);

  const { size, draw } = useCampusView({
    surfaceRef,
    artRef,
    layerRef: markerLayer,
    bottomInset,
    onNeedLargeArt,
    paint: (view, stage) => {
      const tips = groups.map((g) => markerTip(g, view, IMAGE));
      tips.forEach((tip, i) => markerNodes.current[i]?.position(tip).visible(isOnScreen(tip, stage)));
      markerLayer.current?.draw();
      tipsRef.current = tips;
      const popup = popupRef.current;
      if (popup && tips[openIndex]) {
        const tip = tips[openIndex];
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
    },
    hitTest: (point) => markerAt(tipsRef.current, point),
    onPress: (marker) => setOpenKey(marker >= 0 ? groups[marker].key : null),
  });

  useLayoutEffect(draw, [draw, groups, openIndex, icon]);

  return (
    <div className="map-stage">
      <CampusSurface surfaceRef={surfaceRef} layerRef={markerLayer} size={size} className="map-stage__surface" label={MAP_TEXTS.mapLabel} hint={MAP_TEXTS.mapHint} markers={groups.length}>
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
      </CampusSurface>
      {openIndex >= 0 && <MarkerPopup ref={popupRef} group={groups[openIndex]} onClose={() => setOpenKey(null)} />}
    </div>
  );
}
