import { useEffect } from 'react';

/** Spec §4 "Review modal": the page behind stays still while the modal is open, and scrolls again after. */
export function useBodyScrollLock(locked: boolean) {
  useEffect(() => {
    if (!locked) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, [locked]);
}
