import { useAtom } from 'jotai';
import { useLayoutEffect, useRef } from 'react';
import { Dialog } from './Dialog';
import { COMMON_TEXTS } from './texts';
import { alertQueueAtom, type PendingAlert } from './use-alert';

/**
 * Shows the alerts of useAlert, one at a time, mounted once above the routes so an alert outlives the screen that
 * raised it. The dialog is named by its text (a screen reader reads the message, then the one button); focus goes
 * to 확인 and, on closing, back to where it was (ModalDialog). `app-alert` marks it for the browser tests.
 */
export function AlertHost() {
  const [queue, setQueue] = useAtom(alertQueueAtom);
  const current = queue[0];
  if (!current) return null;
  // Keyed: the next alert is a dialog of its own, opened (and focused) afresh.
  return <AlertDialog key={current.id} alert={current} onDone={() => setQueue((q) => q.filter((a) => a !== current))} />;
}

function AlertDialog({ alert, onDone }: { alert: PendingAlert; onDone: () => void }) {
  const button = useRef<HTMLButtonElement>(null);
  // What follows an alert (a step back, the next screen) starts once it is gone: its history entry is then on its way
  // out (lib/back-layers.ts), and focus is back where it was. Only a dismissed alert: StrictMode's trial unmount is not.
  const dismissed = useRef(false);
  useLayoutEffect(() => () => {
    if (dismissed.current) alert.resolve();
  }, [alert]);
  const dismiss = () => {
    dismissed.current = true;
    onDone();
  };
  return (
    <Dialog title={alert.text} onClose={dismiss} role="alertdialog" className="modal--center app-alert" initialFocus={button}>
      <button ref={button} type="button" className="button" onClick={dismiss}>
        {COMMON_TEXTS.confirm}
      </button>
    </Dialog>
  );
}
