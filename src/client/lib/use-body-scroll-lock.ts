import { useEffect } from 'react';

// Counted, not saved and restored per caller: two holders (the map's expanded sheet, a modal over a screen) may let
// go in any order, and the page scrolls again only when the last one does.
let holders = 0;
let overflowBefore = '';

/**
 * While `locked`, the page behind stays still (spec §4 "Review modal", the map's expanded sheet) and scrolls again
 * after.
 */
export function useBodyScrollLock(locked: boolean) {
  useEffect(() => {
    if (!locked) return;
    if (holders++ === 0) {
      overflowBefore = document.body.style.overflow;
      document.body.style.overflow = 'hidden';
    }
    return () => {
      if (--holders === 0) document.body.style.overflow = overflowBefore;
    };
  }, [locked]);
}
