import { useLayoutEffect, useRef } from 'react';
import { useLatest } from '../lib/use-latest';

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * The marker popup's keyboard behaviour: focus moves into it, Tab stays inside, Escape closes it and gives focus
 * back to whatever had it before.
 *
 * Not a native <dialog>: the popup is not modal. It floats over the map canvas, which MapStage moves it with
 * (style.transform on every drawn frame), and the map and its sheet stay usable around it — a modal dialog would
 * make them inert and lift the popup into the top layer, away from the marker it points at.
 */
export function usePopupFocus<T extends HTMLElement>(onClose: () => void) {
  const ref = useRef<T>(null);
  const closeRef = useLatest(onClose);

  // A layout effect: focus is inside the dialog the moment it is shown, never a frame later (a key pressed in
  // between would act on the page behind it).
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const previous = document.activeElement as HTMLElement | null;
    const items = () => Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE));
    // The dialog itself takes focus: its title is announced first and no button looks pre-selected.
    // preventScroll: a popup placed by transform (the map's) must not scroll its clipped container.
    dialog.focus({ preventScroll: true });

    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        closeRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const list = items();
      if (list.length === 0) return;
      const first = list[0];
      const last = list[list.length - 1];
      if (event.shiftKey && (document.activeElement === first || document.activeElement === dialog)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.({ preventScroll: true });
    };
  }, [closeRef]);

  return ref;
}
