import { clampNorm, markerTip, stageToNorm, type Point, type Size, type View } from '../lib/map-math';

// 1e-4 of the 3704 px art is a third of an image pixel: finer than a finger, and exactly a position field's two
// decimals of a percent (place-form.ts), so what a drag saves is what the fields then show.
const NORM_STEPS = 10_000;

// Divided, not multiplied by the step: 0.37, not 0.37000000000000005, reaches the server and the audit log.
export const roundNorm = (value: number) => Math.round(value * NORM_STEPS) / NORM_STEPS;

/** A normalised point on the art, rounded to the step positions are saved in. */
function onArt(norm: Point): Point {
  const kept = clampNorm(norm);
  return { x: roundNorm(kept.x), y: roundNorm(kept.y) };
}

/** The map point under a stage point (a tap on the map), kept on the art. */
export function pointToNorm(point: Point, view: View, image: Size): Point {
  return onArt(stageToNorm(point, view, image));
}

/**
 * Where a dragged pin is: its tip moves with the finger from where it was grabbed (a pin held by its head does not
 * jump to put its tip under the finger), and stops at the art's edges.
 */
export function draggedNorm(from: Point, start: Point, point: Point, view: View, image: Size): Point {
  const tip = markerTip(from, view, image);
  return pointToNorm({ x: tip.x + point.x - start.x, y: tip.y + point.y - start.y }, view, image);
}

/** What a release means: the position to save, or null when the pin ends where it was (nothing to send). */
export function dropTarget(from: Point, to: Point): Point | null {
  const same = (a: number, b: number) => Math.abs(a - b) < 0.5 / NORM_STEPS;
  return same(from.x, to.x) && same(from.y, to.y) ? null : to;
}
