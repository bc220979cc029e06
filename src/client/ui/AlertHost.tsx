import { useAtom } from 'jotai';
import { promptDialogs } from './lazy-dialogs';
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
  return <Alert key={current.id} alert={current} onDone={() => setQueue((q) => q.filter((a) => a !== current))} />;
}

/** Asks for the dialog's code only once there is an alert to show (it is usually in by then: lazy-dialogs.ts). */
function Alert(props: { alert: PendingAlert; onDone: () => void }) {
  const m = promptDialogs.useModule();
  return m ? <m.AlertDialog {...props} /> : null;
}
