import type Konva from 'konva';
import { useId, type ReactNode, type RefObject } from 'react';
import { Layer, Stage } from 'react-konva/lib/ReactKonvaCore';
import { MAP_IMAGE, type Size } from '../../lib/map-math';

interface Props {
  surfaceRef: RefObject<HTMLDivElement | null>;
  layerRef: RefObject<Konva.Layer | null>;
  /** The surface's measured size (useCampusView): the canvas is made once it is known. */
  size: Size;
  className: string;
  label: string;
  /** How to use the map, and where else its contents are (a list beside it) for those who cannot see it. */
  hint: string;
  /** How many markers it draws, for the browser tests (data-markers). */
  markers: number;
  /** The markers: Konva nodes, positioned by the stage's paint. */
  children: ReactNode;
}

/**
 * The element a campus map's gestures listen on, and over the art (CampusArt) the canvas with its one layer of
 * markers: not listening (hit tests are arithmetic, see map-math). The browser tests read the view from it
 * (data-view, set by useCampusView) and the art's size from it.
 */
export function CampusSurface({ surfaceRef, layerRef, size, className, label, hint, markers, children }: Props) {
  const hintId = useId();
  return (
    <div
      ref={surfaceRef}
      className={className}
      // The canvas is a picture to a screen reader; what it shows is in a list beside it (the hint says so).
      role="img"
      aria-label={label}
      aria-describedby={hintId}
      data-image-width={MAP_IMAGE.width}
      data-image-height={MAP_IMAGE.height}
      data-markers={markers}
    >
      <span id={hintId} className="visually-hidden">
        {hint}
      </span>
      {size.width > 0 && (
        <Stage width={size.width} height={size.height}>
          <Layer ref={layerRef} listening={false}>
            {children}
          </Layer>
        </Stage>
      )}
    </div>
  );
}
