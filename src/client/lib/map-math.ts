import { MAP_LARGE_HEIGHT, MAP_LARGE_WIDTH, MARKER_SIZE } from '../../shared/constants';

export interface Point {
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

/** A box on the stage or on the art, by its edges. */
export interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Where the image sits in the visible map: its top-left corner in screen px, and screen px per image px. */
export interface View extends Point {
  scale: number;
}

/** The map's coordinate space is the large image's; the smaller renders are stretched onto it. */
export const MAP_IMAGE: Size = { width: MAP_LARGE_WIDTH, height: MAP_LARGE_HEIGHT };

/** Width of the medium render of the art (assets/map/campus-medium.webp): half the large one. */
const MEDIUM_ART_WIDTH = 1852;

/**
 * Whether the view needs the large art: more device pixels per image pixel than the medium render holds. Zoomed
 * out on a DPR-1 or DPR-2 phone the medium one is as sharp as the screen, and the 265 KB large one is not fetched.
 */
export const needsLargeArt = (scale: number, pixelRatio: number) => scale * pixelRatio > MEDIUM_ART_WIDTH / MAP_IMAGE.width;

/** The CSS transform that puts the art (laid out at MAP_IMAGE's size, origin top-left) where `view` says. */
export const viewTransform = (view: View) => `translate(${view.x}px, ${view.y}px) scale(${view.scale})`;

// Beyond 1.5 screen px per image px the 3704 px art only gets blurrier; closer zoom shows nothing new.
export const MAX_SCALE = 1.5;
// The marker art's tip is at (32, 62) of 64 (assets/README.md); the tip, not the box, sits on the building.
export const MARKER_TIP_Y = (62 / 64) * MARKER_SIZE;
// A marker for several parties shows a second pin behind, this far right and up (MapMarker).
export const MARKER_STACK_DX = 6;
export const MARKER_STACK_DY = -4;
// One finger on a trackpad sends tiny deltas, a mouse notch ~100 px: cap so one notch never jumps a whole level.
const WHEEL_MAX_DELTA = 120;
const WHEEL_SPEED = 0.0015;
const PINCH_WHEEL_SPEED = 0.01;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The smallest scale at which the image still fills the viewport in both directions. */
export function coverScale(viewport: Size, image: Size): number {
  return Math.max(viewport.width / image.width, viewport.height / image.height);
}

function clampScale(scale: number, viewport: Size, image: Size): number {
  const min = coverScale(viewport, image);
  return clamp(scale, min, Math.max(min, MAX_SCALE));
}

/** No gap may show: every image edge stays on or beyond the matching viewport edge. */
export function clampView(view: View, viewport: Size, image: Size): View {
  const scale = clampScale(view.scale, viewport, image);
  // min(0, …) first: at exactly cover scale rounding can make the allowed range a hair "inverted".
  const x = Math.min(0, Math.max(viewport.width - image.width * scale, view.x));
  const y = Math.min(0, Math.max(viewport.height - image.height * scale, view.y));
  return { x, y, scale };
}

/** Fully zoomed out, centred: the whole height (or width) of the campus is visible. */
export function initialView(viewport: Size, image: Size): View {
  const scale = coverScale(viewport, image);
  return clampView(
    { scale, x: (viewport.width - image.width * scale) / 2, y: (viewport.height - image.height * scale) / 2 },
    viewport,
    image,
  );
}

export function panView(start: View, dx: number, dy: number, viewport: Size, image: Size): View {
  return clampView({ ...start, x: start.x + dx, y: start.y + dy }, viewport, image);
}

/** Scales by `factor` keeping the image point under `about` where it is (cursor or fingers stay on the spot). */
export function zoomAbout(view: View, about: Point, factor: number, viewport: Size, image: Size): View {
  return pinchView(view, about, about, factor, viewport, image);
}

/**
 * A two-finger gesture relative to its start: the image point that was under the fingers' first centre follows
 * their current centre, and the scale follows their spread. Working from the start (not frame to frame) means
 * rounding never accumulates into drift.
 */
export function pinchView(
  start: View,
  startCentre: Point,
  centre: Point,
  spreadRatio: number,
  viewport: Size,
  image: Size,
): View {
  const scale = clampScale(start.scale * spreadRatio, viewport, image);
  const imageX = (startCentre.x - start.x) / start.scale;
  const imageY = (startCentre.y - start.y) / start.scale;
  return clampView({ scale, x: centre.x - imageX * scale, y: centre.y - imageY * scale }, viewport, image);
}

/** Zoom factor for one wheel event; deltaMode 1 = lines, 2 = pages. ctrlKey marks a trackpad pinch. */
export function wheelFactor(deltaY: number, deltaMode = 0, ctrlKey = false): number {
  const px = deltaMode === 1 ? deltaY * 16 : deltaMode === 2 ? deltaY * 400 : deltaY;
  return Math.exp(-clamp(px, -WHEEL_MAX_DELTA, WHEEL_MAX_DELTA) * (ctrlKey ? PINCH_WHEEL_SPEED : WHEEL_SPEED));
}

/** Screen position of a normalised map point: markers are drawn in screen space so they keep their size. */
export function markerTip(norm: Point, view: View, image: Size): Point {
  return { x: view.x + norm.x * image.width * view.scale, y: view.y + norm.y * image.height * view.scale };
}

/** The normalised map point under a stage point: markerTip's inverse (a click on the map, a dragged pin's tip). */
export function stageToNorm(point: Point, view: View, image: Size): Point {
  return { x: (point.x - view.x) / (image.width * view.scale), y: (point.y - view.y) / (image.height * view.scale) };
}

/** A normalised point kept on the art: a pin dragged past an edge stops on it. */
export function clampNorm(norm: Point): Point {
  return { x: clamp(norm.x, 0, 1), y: clamp(norm.y, 0, 1) };
}

/** The marker's whole icon box (a finger-sized target), tip at the bottom centre. */
function markerContains(tip: Point, point: Point): boolean {
  return (
    point.x >= tip.x - MARKER_SIZE / 2 &&
    point.x <= tip.x + MARKER_SIZE / 2 &&
    point.y >= tip.y - MARKER_TIP_Y &&
    point.y <= tip.y + MARKER_SIZE - MARKER_TIP_Y
  );
}

/** Index of the marker under `point`; the last drawn (front-most) wins. -1 when none. */
export function markerAt(tips: readonly Point[], point: Point): number {
  for (let i = tips.length - 1; i >= 0; i -= 1) if (markerContains(tips[i], point)) return i;
  return -1;
}

export function isOnScreen(tip: Point, viewport: Size, margin = MARKER_SIZE): boolean {
  return tip.x > -margin && tip.x < viewport.width + margin && tip.y > -margin && tip.y < viewport.height + margin * 2;
}

/** How a marker is drawn: several parties add the pin behind; a selected one is drawn larger (about its tip). */
export interface MarkerLook {
  stacked: boolean;
  scale: number;
}

/** The box a marker paints (its pin images, whose box also holds the count badge) with its tip at `tip`. */
export function markerBox(tip: Point, { stacked, scale }: MarkerLook): Rect {
  return {
    left: tip.x - (MARKER_SIZE / 2) * scale,
    right: tip.x + (MARKER_SIZE / 2 + (stacked ? MARKER_STACK_DX : 0)) * scale,
    top: tip.y - (MARKER_TIP_Y - (stacked ? MARKER_STACK_DY : 0)) * scale,
    bottom: tip.y + (MARKER_SIZE - MARKER_TIP_Y) * scale,
  };
}

/** A box in the art's pixels, on the stage. */
export function rectOnStage(rect: Rect, view: View): Rect {
  return {
    left: view.x + rect.left * view.scale,
    top: view.y + rect.top * view.scale,
    right: view.x + rect.right * view.scale,
    bottom: view.y + rect.bottom * view.scale,
  };
}

export const rectsOverlap = (a: Rect, b: Rect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

// Air between a moved pin and the name it stepped off.
const LABEL_GAP = 2;

/**
 * Where a marker is drawn so that it hides no name written on the art (`labels`, stage px). A place's name sits on
 * its building's centre, where the pin's tip belongs, so the pin would cover it: the pin stays where it is when it
 * covers nothing, else it steps up until it stands just above the names it covered (pointing down at them), or
 * sideways past them, whichever is the shortest way. Each sweep passes every name at most once, so it always ends.
 */
export function placeMarker(tip: Point, look: MarkerLook, labels: readonly Rect[]): Point {
  const hits = (t: Point) => {
    const box = markerBox(t, look);
    return labels.filter((label) => rectsOverlap(box, label));
  };
  if (hits(tip).length === 0) return tip;
  const box = markerBox(tip, look);
  const sweep = (step: (t: Point, covered: Rect[]) => Point): Point => {
    let t = tip;
    for (let covered = hits(t); covered.length > 0; covered = hits(t)) t = step(t, covered);
    return t;
  };
  const ways = [
    sweep((t, covered) => ({ x: t.x, y: Math.min(...covered.map((l) => l.top)) - LABEL_GAP - (box.bottom - tip.y) })),
    sweep((t, covered) => ({ x: Math.min(...covered.map((l) => l.left)) - LABEL_GAP - (box.right - tip.x), y: t.y })),
    sweep((t, covered) => ({ x: Math.max(...covered.map((l) => l.right)) + LABEL_GAP + (tip.x - box.left), y: t.y })),
  ];
  const distance = (p: Point) => Math.hypot(p.x - tip.x, p.y - tip.y);
  // Ties go to the first: above, pointing down at the name.
  return ways.reduce((best, way) => (distance(way) < distance(best) ? way : best));
}
