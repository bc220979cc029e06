import { useLayoutEffect, useRef, useState, type CSSProperties, type RefObject } from 'react';
import campusMedium from '../../../../assets/map/campus-medium.webp';
import campusLarge from '../../../../assets/map/campus-large.webp';
import { useCampus } from '../../api/campus';
import { MAP_IMAGE, initialView, viewTransform } from '../../lib/map-math';
import { useLoadedImage } from '../../lib/use-loaded-image';

interface Props {
  artRef: RefObject<HTMLDivElement | null>;
  /**
   * Screen px hidden under the collapsed sheet, as the stage's; null while the screen's size is unknown (a page the
   * server drew, until it is hydrated): the art is then placed by the screen's CSS alone (`.map-art--unplaced`).
   */
  bottomInset: number | null;
  /** Set once a view has needed more detail than the medium render holds (the stage decides, see needsLargeArt). */
  wantLarge: boolean;
  /** The medium render has loaded (or failed to): the screen's main picture is up. */
  onShown: () => void;
}

// Inline, not in a stylesheet: the students' map and the console share this component, and a stylesheet of its
// own would be one more file on the map's first load. will-change is restored by useCampusView after a zoom.
const ART_STYLE: CSSProperties = { position: 'absolute', top: 0, left: 0, transformOrigin: '0 0', willChange: 'transform', pointerEvents: 'none' };
const LAYER_STYLE: CSSProperties = { position: 'absolute', inset: 0, width: '100%', height: '100%' };

/**
 * The campus art, as images under the markers' canvas (Konva's performance guide: a background belongs in CSS).
 * The browser decodes and rasterises them off the main thread, and a pan only moves a composited layer; the stage
 * sets the transform on every frame. Two renders of one drawing: the medium one (sharp zoomed out on a DPR-1.75
 * phone; preloaded with the map page, see page-plans.ts) as the screen's main picture, and over it the large one,
 * only once a zoom (or a sharper screen) needs it. The small overview render (822×460) is not used here: its
 * proportions differ from the large one's (1.79 vs 2.03), so stretched onto the map's space it would be distorted.
 * Its parent is the box the stage's surface fills.
 *
 * The server draws it too (the map page's first screen, page-plans.ts): no script knows the screen's size there,
 * so until the browser measures the box the picture is placed by a class (map.css: covered and centred above the
 * sheet, exactly initialView's picture, so the transform that takes over moves nothing), then by the transform the
 * stage uses. A class, not a style attribute: the CSP refuses style attributes in a page's markup.
 */
export function CampusArt({ artRef, bottomInset, wantLarge, onShown }: Props) {
  // The campus's own art when an operator uploaded one (issue 29), else the built-in drawing; nothing while the
  // campus is unknown (a screen opened without a drawn page, for a moment), rather than the wrong campus.
  const { campus } = useCampus();
  const source = campus && (campus.map ? { medium: campus.map.medium, large: campus.map.large } : { medium: campusMedium, large: campusLarge });
  const medium = useLoadedImage(source?.medium ?? null);
  const large = useLoadedImage(medium && wantLarge && source ? source.large : null);
  const [placed, setPlaced] = useState(false);
  const mediumRef = useRef<HTMLImageElement>(null);

  // Until the stage (Konva, a separate chunk) takes over, the art sits where the stage's first frame will put it:
  // no jump when it arrives.
  useLayoutEffect(() => {
    const art = artRef.current;
    const box = art?.parentElement;
    if (!box || !art || bottomInset === null) return;
    if (!art.style.transform) {
      const { width, height } = box.getBoundingClientRect();
      if (width > 0 && height > 0) art.style.transform = viewTransform(initialView({ width, height: Math.max(1, height - bottomInset) }, MAP_IMAGE));
    }
    // Placed by transform from now on, even unmeasured (a box of no size yet): the stage's first frame sets it.
    setPlaced(true);
  }, [artRef, bottomInset]);

  // A drawn page's picture has usually loaded before the app hydrates it (the page loader waits for it), and then
  // no load event comes for React to hear.
  useLayoutEffect(() => {
    if (mediumRef.current?.complete) onShown();
  }, [onShown, source?.medium]);

  const size = { width: MAP_IMAGE.width, height: MAP_IMAGE.height };
  return (
    <div
      ref={artRef}
      className={placed ? 'map-art' : 'map-art map-art--unplaced'}
      style={placed ? { ...ART_STYLE, ...size } : undefined}
      data-detail={large ? 'large' : medium ? 'medium' : 'small'}
      aria-hidden="true"
    >
      {source && (
        <img
          ref={mediumRef}
          src={source.medium}
          alt=""
          {...size}
          style={placed ? LAYER_STYLE : undefined}
          decoding="async"
          fetchPriority="high"
          onLoad={onShown}
          onError={onShown}
        />
      )}
      {large && source && <img src={source.large} alt="" {...size} style={LAYER_STYLE} decoding="async" />}
    </div>
  );
}
