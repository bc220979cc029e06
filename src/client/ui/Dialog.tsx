import type { DialogProps } from './DialogBody';
import { dialogBody } from './lazy-dialogs';

/** The app's message modal: title, optional text, then actions, in a native modal dialog (DialogBody.tsx). */
export function Dialog(props: DialogProps) {
  const m = dialogBody.useModule();
  return m ? <m.DialogBody {...props} /> : null;
}
