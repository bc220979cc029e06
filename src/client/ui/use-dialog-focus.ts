import { useEffect, useLayoutEffect, useRef } from 'react';

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * Moves focus into the dialog, keeps Tab inside it, closes on Escape and gives focus back to whatever had it
 * before — the keyboard and screen-reader behaviour people expect of aria-modal dialogs.
 */
export function useDialogFocus<T extends HTMLElement>(onClose: () => void) {
  const ref = useRef<T>(null);
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });

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
  }, []);

  return ref;
}
