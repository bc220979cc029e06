import { useLayoutEffect } from 'react';
import { openBackLayer } from './back-layers';
import { useLatest } from './use-latest';

/**
 * While `open`, the browser's back (Android's back gesture) calls `onBack` instead of leaving the page
 * (back-layers.ts). A layout effect: the entry comes and goes in the same commit as what it stands for, so a back
 * pressed at once finds it, and a layer that closes on back is gone before back-layers.ts looks again.
 */
export function useBackLayer(open: boolean, onBack: () => void) {
  const onBackRef = useLatest(onBack);
  useLayoutEffect(() => {
    if (!open) return;
    return openBackLayer(() => onBackRef.current());
  }, [open, onBackRef]);
}
