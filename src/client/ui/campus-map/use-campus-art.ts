import { useCallback, useRef, useState } from 'react';

/**
 * What a screen showing the campus map keeps about its art (CampusArt): the element the stage moves, whether a view
 * has asked for the large render, and whether the main picture is up — the markers' canvas (Konva: a large chunk
 * to run) starts only then, so its work never holds back the picture's first paint.
 */
export function useCampusArt() {
  const artRef = useRef<HTMLDivElement>(null);
  const [wantLarge, setWantLarge] = useState(false);
  const needLarge = useCallback(() => setWantLarge(true), []);
  const [shown, setShown] = useState(false);
  const onShown = useCallback(() => setShown(true), []);
  return { artRef, wantLarge, needLarge, shown, onShown };
}
