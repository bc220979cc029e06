import { atom, useSetAtom } from 'jotai';
import { useCallback } from 'react';

/** One message waiting for its 확인; `resolve` lets the flow that showed it go on. */
export interface PendingAlert {
  id: number;
  text: string;
  resolve: () => void;
}

/** Alerts in the order they were raised; AlertHost shows the first. */
export const alertQueueAtom = atom<PendingAlert[]>([]);

let nextId = 0;

/**
 * The app's stand-in for window.alert (which blocks the page and cannot be styled or read as ours): `await
 * alert(text)` shows the text in an alert dialog and resolves when the student taps 확인 (or presses Escape).
 * Two alerts raised together are shown one after the other. The function is stable, so effects may depend on it.
 *
 * A flow that alerts and then moves on awaits the alert first, as the spec orders it (and as window.alert did).
 * The dialog would survive the navigation (AlertHost sits above the routes), but the screen under it should be the
 * one it speaks about, and closing it gives focus back to the control that raised it, which must still be there.
 */
export function useAlert() {
  const setQueue = useSetAtom(alertQueueAtom);
  return useCallback(
    (text: string) =>
      new Promise<void>((resolve) => {
        nextId += 1;
        setQueue((queue) => [...queue, { id: nextId, text, resolve }]);
      }),
    [setQueue],
  );
}
