// Pure maths of the horizontal sliders (assistant cards, game questions), kept apart from the gesture code
// so the snapping rules are tested without pointer events.

export const clampIndex = (index: number, count: number) => Math.max(0, Math.min(index, Math.max(0, count - 1)));

/** x offset of the track showing slide `index`, while a drag of `dragX` px is in progress. */
export function trackOffset(index: number, slideWidth: number, spacing: number, dragX = 0): number {
  return dragX - index * (slideWidth + spacing);
}

/** A drag past the edge moves a third as far, so the student feels the end instead of seeing empty space. */
export function rubberBand(dragX: number, index: number, count: number): number {
  const pullingPastStart = index === 0 && dragX > 0;
  const pullingPastEnd = index >= count - 1 && dragX < 0;
  return pullingPastStart || pullingPastEnd ? dragX / 3 : dragX;
}

/** Where a released drag lands: past a quarter of the width, or a quick flick, moves one slide. */
export function indexAfterSwipe(index: number, count: number, dragX: number, slideWidth: number, flickX = 0): number {
  const far = Math.abs(dragX) > slideWidth / 4;
  const step = far ? -Math.sign(dragX) : flickX !== 0 ? -Math.sign(flickX) : 0;
  return clampIndex(index + step, count);
}
