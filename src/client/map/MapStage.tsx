import type Konva from 'konva';
import 'konva/lib/shapes/Circle';
import 'konva/lib/shapes/Image';
import 'konva/lib/shapes/Text';
import { useLayoutEffect, useRef, type RefObject } from 'react';
import markerIcon from '../../../assets/icons/marker@2x.png';
import { campusTitle } from '../../shared/campus';
import { useCampus } from '../api/campus';
import { CAMPUS_LABELS } from '../lib/campus-labels';
import { isOnScreen, MAP_IMAGE as IMAGE, markerAt, markerBox, markerTip, placeMarker, rectOnStage, type Point } from '../lib/map-math';
import { useLoadedImage } from '../lib/use-loaded-image';
import { CampusSurface } from '../ui/campus-map/CampusSurface';
import { useCampusView } from '../ui/campus-map/use-campus-view';
import { MapMarker, SELECTED_SCALE } from './MapMarker';
import type { MapSelection } from './map-selection';
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
  /** The selected place (map-selection): its marker is drawn larger, and its popup is open when a marker chose it. */
  selection: MapSelection | null;
  onSelect: (selection: MapSelection | null) => void;
}

/**
 * Konva on the phone (its performance guide): the campus art is a CSS-transformed image under the canvas (CampusArt),
 * not a Konva shape; drawn on a canvas, the 3704×1824 art cost a quarter-second task on load and most of every pan
 * frame. Konva draws the markers: one layer, not listening (hit tests are arithmetic, see map-math), pixel ratio
 * capped at 2, and every frame drawn imperatively from a ref (useCampusView).
 */
export default function MapStage({ groups, bottomInset, artRef, onNeedLargeArt, selection, onSelect }: Props) {
  const surfaceRef = useRef<HTMLDivElement>(null);
  const markerLayer = useRef<Konva.Layer>(null);
  const markerNodes = useRef<(Konva.Group | null)[]>([]);
  const popupRef = useRef<HTMLDivElement>(null);
  const tipsRef = useRef<Point[]>([]);

  const icon = useLoadedImage(markerIcon);
  // The names written on the built-in art; an uploaded map's are unknown, and pins then sit on their places exactly.
  const { campus } = useCampus();
  const labelBoxes = campus?.map ? [] : CAMPUS_LABELS;
  const selectedIndex = groups.findIndex((g) => g.key === selection?.key);
  const openIndex = selection?.from === 'marker' ? selectedIndex : -1;
  const looks = groups.map((g, i) => ({ stacked: g.parties.length > 1, scale: i === selectedIndex ? SELECTED_SCALE : 1 }));

  const { size, draw } = useCampusView({
    surfaceRef,
    artRef,
    layerRef: markerLayer,
    bottomInset,
    onNeedLargeArt,
    paint: (view, stage) => {
      // Pins stand clear of the names written on the art (placeMarker), so a marker never hides a building's name.
      const labels = labelBoxes.map((label) => rectOnStage(label, view));
      const tips = groups.map((g, i) => placeMarker(markerTip(g, view, IMAGE), looks[i], labels));
      tips.forEach((tip, i) => markerNodes.current[i]?.position(tip).visible(isOnScreen(tip, stage)));
      markerLayer.current?.draw();
      tipsRef.current = tips;
      const popup = popupRef.current;
      if (popup && tips[openIndex]) {
        const tip = tips[openIndex];
        const { offsetWidth: w, offsetHeight: h } = popup;
        const left = Math.min(Math.max(tip.x - w / 2, POPUP_MARGIN), stage.width - w - POPUP_MARGIN);
        // Above the pin when it fits under the top edge, else below the tip.
        const pinTop = markerBox(tip, looks[openIndex]).top;
        const above = pinTop - h - POPUP_MARGIN > 0;
        const top = above ? pinTop - h - POPUP_MARGIN : tip.y + POPUP_MARGIN;
        popup.dataset.placement = above ? 'above' : 'below';
        popup.style.setProperty('--arrow-x', `${tip.x - left}px`);
        popup.style.transform = `translate(${left}px, ${top}px)`;
        popup.style.visibility = isOnScreen(tip, stage, 0) ? 'visible' : 'hidden';
      }
    },
    hitTest: (point) => markerAt(tipsRef.current, point),
    onPress: (marker) => onSelect(marker >= 0 ? { key: groups[marker].key, from: 'marker' } : null),
  });

  useLayoutEffect(draw, [draw, groups, openIndex, selectedIndex, icon]);

  return (
    <div className="map-stage">
      <CampusSurface surfaceRef={surfaceRef} layerRef={markerLayer} size={size} className="map-stage__surface" label={campus ? `${campusTitle(campus)} ${MAP_TEXTS.mapLabel}` : MAP_TEXTS.mapLabel} hint={MAP_TEXTS.mapHint} markers={groups.length}>
        {groups.map((group, i) => (
          <MapMarker
            key={group.key}
            icon={icon}
            partyIds={group.parties.map((p) => p.id)}
            selected={i === selectedIndex}
            nodeRef={(node) => {
              markerNodes.current[i] = node;
            }}
          />
        ))}
      </CampusSurface>
      {openIndex >= 0 && <MarkerPopup ref={popupRef} group={groups[openIndex]} onClose={() => onSelect(null)} />}
    </div>
  );
}
