import type { VerificationRefusal } from '../lib/verification-refusal';
import { promptDialogs } from './lazy-dialogs';

/** A join refused until the student card is approved (prompt-dialogs.tsx). */
export function VerificationRefusalModal(props: { refusal: VerificationRefusal; onClose: () => void }) {
  const m = promptDialogs.useModule();
  return m ? <m.VerificationRefusalDialog {...props} /> : null;
}
