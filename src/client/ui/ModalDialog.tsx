import { useLayoutEffect, useRef, type KeyboardEvent, type MouseEvent, type ReactNode, type RefObject } from 'react';
import { useBackLayer } from '../lib/use-back-layer';
import { useLatest } from '../lib/use-latest';
import './modal.css';

interface Props {
  /**
   * Escape, the browser's or Android's back (a history entry of the dialog's own, lib/back-layers.ts), a tap on the
   * backdrop (with `closeOnBackdrop`): the owner decides.
   */
  onCancel: () => void;
  className?: string;
  role?: 'dialog' | 'alertdialog';
  labelledBy: string;
  describedBy?: string;
  closeOnBackdrop?: boolean;
  /** Takes focus instead of the dialog: an alert's one button, which is the only thing to do there. */
  initialFocus?: RefObject<HTMLElement | null>;
  children: ReactNode;
}

/**
 * A native modal <dialog>, shown with showModal() while it is mounted: the browser makes the rest of the page
 * inert (Tab and taps stay inside, screen readers see only the dialog) and draws the ::backdrop. What the browser
 * leaves to us: the dialog itself takes focus (its title is read first and no button looks pre-selected), focus
 * goes back to the opener when it unmounts, and a close request never closes it behind React's back — some
 * dialogs may not be dismissed (while sending, or the assistant's start notice).
 */
export function ModalDialog({ onCancel, className = '', role = 'dialog', labelledBy, describedBy, closeOnBackdrop = false, initialFocus, children }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useLatest(onCancel);
  // Every modal, sheet and alert of the app is this element, so each one gets back-closes-it here (issue 30 §8).
  useBackLayer(true, () => cancelRef.current());

  // A layout effect: the dialog is modal the moment it is on screen, never a frame later (a key pressed in between
  // would act on the page behind it).
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    let mounted = true;
    dialog.showModal();
    // preventScroll: a tall sheet must not scroll the page behind it to its top.
    (initialFocus?.current ?? dialog).focus({ preventScroll: true });

    const onCancelEvent = (event: Event) => {
      event.preventDefault();
      cancelRef.current();
    };
    // Browsers may close a dialog without a cancel event (a second close request with no tap in between). Tell
    // the owner, and show it again: a dismissed dialog unmounts at once anyway, one that may not be dismissed stays.
    // `close` comes a task after the closing, so one that finds the dialog open again is an earlier opening's
    // (React's StrictMode opens, closes and reopens every dialog in development).
    const onClose = () => {
      if (!mounted || dialog.open) return;
      cancelRef.current();
      if (dialog.isConnected) dialog.showModal();
    };
    dialog.addEventListener('cancel', onCancelEvent);
    dialog.addEventListener('close', onClose);
    return () => {
      mounted = false;
      dialog.removeEventListener('cancel', onCancelEvent);
      dialog.removeEventListener('close', onClose);
      dialog.close();
      opener?.focus({ preventScroll: true });
    };
  }, [cancelRef, initialFocus]);

  // Escape is taken here rather than left to the browser's close request, whose cancel event a browser may skip
  // when the student has not tapped since the last one.
  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    cancelRef.current();
  };

  // A tap on the ::backdrop reaches the dialog element itself, outside its box.
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (!closeOnBackdrop || event.target !== event.currentTarget) return;
    const box = event.currentTarget.getBoundingClientRect();
    const inside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
    if (!inside) cancelRef.current();
  };

  return (
    <dialog
      ref={ref}
      className={`modal ${className}`.trim()}
      role={role === 'alertdialog' ? role : undefined}
      aria-modal="true"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      onClick={onClick}
    >
      {children}
    </dialog>
  );
}
