import type { Point } from '../lib/map-math';
import type { OpsPlace } from './places-api';
import type { StagePin } from './PlacesStage';

/**
 * The pins in drawing order: top to bottom (a pin lower on the map is nearer the viewer and overlaps the one
 * behind), then the chosen place, then the new place being added — in front, so a finger on it grabs it.
 */
export function stagePins(places: readonly OpsPlace[], selectedId: number | null, draft: { name: string; at: Point } | null): StagePin[] {
  const pins: StagePin[] = places
    .map((p) => ({ id: p.id, name: p.name, x: p.x_norm, y: p.y_norm, highlighted: p.id === selectedId }))
    .sort((a, b) => Number(a.highlighted) - Number(b.highlighted) || a.y - b.y || a.x - b.x);
  if (draft) pins.push({ id: null, name: draft.name, x: draft.at.x, y: draft.at.y, highlighted: true });
  return pins;
}

/** The places with the moves still being saved shown where they were dropped. */
export function withMoves(places: readonly OpsPlace[], moves: Readonly<Record<number, Point>>): OpsPlace[] {
  return places.map((p) => (moves[p.id] ? { ...p, x_norm: moves[p.id].x, y_norm: moves[p.id].y } : p));
}
