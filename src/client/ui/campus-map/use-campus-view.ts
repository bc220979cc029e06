import type Konva from 'konva';
import { useCallback, useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { clampView, initialView, MAP_IMAGE, needsLargeArt, viewTransform, type Size, type View } from '../../lib/map-math';
import { useElementSize } from '../../lib/use-element-size';
import { useStageGestures, type StageGestureOptions } from './use-stage-gestures';

/** How long after the last zoom step the art is re-rasterised sharp at its new scale. */
const ZOOM_SETTLE_MS = 150;

interface CampusViewOptions extends Pick<StageGestureOptions, 'hitTest' | 'onPress' | 'drag'> {
  /** The element the stage fills and the gestures listen on. */
  surfaceRef: RefObject<HTMLDivElement | null>;
  /** The campus art (CampusArt), moved with the markers on every frame. */
  artRef: RefObject<HTMLDivElement | null>;
  /** The markers' layer: its canvas' pixel ratio is capped at 2. */
  layerRef: RefObject<Konva.Layer | null>;
  /** Stage pixels hidden under a sheet: the image must cover the rest, and may scroll out from under it. */
  bottomInset: number;
  /** Called when a view first needs the large art (zoomed in, or a sharp screen). */
  onNeedLargeArt: () => void;
  /** Draws what rides on the art (markers, a popup) for `view`; called in every frame, after the art moved. */
  paint: (view: View, stage: Size) => void;
}

/**
 * The campus map's view, shared by the students' map and the console's places: fully zoomed out at first, kept
 * inside the art on resizes, panned and zoomed by gestures, drawn in animation frames (the art by its CSS
 * transform, the rest by `paint`). Returns the stage's size and `draw`, to call when what `paint` shows changed.
 */
export function useCampusView({ surfaceRef, artRef, layerRef, bottomInset, onNeedLargeArt, paint, ...gestures }: CampusViewOptions) {
  const zoomSettle = useRef<ReturnType<typeof setTimeout>>(undefined);
  const lastScale = useRef(0);
  const viewRef = useRef<View>({ x: 0, y: 0, scale: 1 });
  const size = useElementSize(surfaceRef);
  const viewport: Size = { width: size.width, height: Math.max(1, size.height - bottomInset) };
  useEffect(() => () => clearTimeout(zoomSettle.current), []);

  // What the next frame draws with; refreshed first among the layout effects, so the ones below draw this render.
  const frame = useRef({ size, onNeedLargeArt, paint });
  useLayoutEffect(() => {
    frame.current = { size, onNeedLargeArt, paint };
  });

  // Nothing is drawn before the first size is known: the placeholder view (scale 1) must never reach the screen,
  // nor ask for the large art.
  const sized = useRef(false);
  const draw = useCallback(() => {
    if (!sized.current) return;
    const view = viewRef.current;
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
          requestAnimationFrame(() => (art.style.willChange = 'transform'));
        }, ZOOM_SETTLE_MS);
      }
    }
    // For the browser tests: where a normalised point lands, without reaching into Konva.
    surfaceRef.current?.setAttribute('data-view', JSON.stringify({ x: view.x, y: view.y, scale: view.scale }));
    frame.current.paint(view, frame.current.size);
  }, [artRef, surfaceRef]);

  // First size: fully zoomed out. Later sizes (rotation, sheet inset): keep the view, re-clamped.
  useLayoutEffect(() => {
    if (size.width === 0 || size.height === 0) return;
    const ratio = Math.min(window.devicePixelRatio || 1, 2);
    const layer = layerRef.current;
    if (layer && layer.getCanvas().getPixelRatio() !== ratio) layer.getCanvas().setPixelRatio(ratio);
    const vp = { width: size.width, height: Math.max(1, size.height - bottomInset) };
    viewRef.current = sized.current ? clampView(viewRef.current, vp, MAP_IMAGE) : initialView(vp, MAP_IMAGE);
    sized.current = true;
    draw();
  }, [size.width, size.height, bottomInset, draw, layerRef]);

  useStageGestures(surfaceRef, { viewport, image: MAP_IMAGE, viewRef, draw, ...gestures });

  return { size, draw, viewRef };
}
