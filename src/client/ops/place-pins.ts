import type { Point } from '../lib/map-math';
import type { OpsPlace } from './places-api';
import type { StagePin } from './PlacesStage';

/**
 * The pins in drawing order: top to bottom (a pin lower on the map is nearer the viewer and overlaps the one
 * behind), then the chosen place, then the new place being added — in front, so a finger on it grabs it.
 *
 * Only those two carry their name on the map (issue 33 §6): the campus art prints its buildings' names, and a tag
 * under every pin repeated them ("법학관 법학관"). Any place's name is one tap away — on its pin or in the list
 * beside the map, which names every place — and a place the art does not print is then labelled too.
 */
export function stagePins(places: readonly OpsPlace[], selectedId: number | null, draft: { name: string; at: Point } | null): StagePin[] {
  const pins: StagePin[] = places
    .map((p) => ({ id: p.id, name: p.name, label: p.id === selectedId ? p.name : null, x: p.x_norm, y: p.y_norm, highlighted: p.id === selectedId }))
    .sort((a, b) => Number(a.highlighted) - Number(b.highlighted) || a.y - b.y || a.x - b.x);
  if (draft) pins.push({ id: null, name: draft.name, label: draft.name, x: draft.at.x, y: draft.at.y, highlighted: true });
  return pins;
}

/** The places with the moves still being saved shown where they were dropped. */
export function withMoves(places: readonly OpsPlace[], moves: Readonly<Record<number, Point>>): OpsPlace[] {
  return places.map((p) => (moves[p.id] ? { ...p, x_norm: moves[p.id].x, y_norm: moves[p.id].y } : p));
}
