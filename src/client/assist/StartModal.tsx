import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { START_MODAL_MS } from '../../shared/constants';
import { useDialogFocus } from '../ui/use-dialog-focus';
import { ASSIST_TEXTS as T } from './assist-texts';
import '../ui/modal.css';

/** Spec §4: the party has started; after 3 s the student is taken to its lobby. */
export function StartModal({ partyId }: { partyId: number }) {
  const [, navigate] = useLocation();
  // Nothing to dismiss: the move happens anyway, so Escape simply does nothing.
  const ref = useDialogFocus<HTMLDivElement>(() => undefined);

  useEffect(() => {
    const id = setTimeout(() => navigate(`/balancewait/${partyId}`), START_MODAL_MS);
    return () => clearTimeout(id);
  }, [navigate, partyId]);

  return (
    <div className="modal-backdrop modal-backdrop--center">
      <div ref={ref} className="modal assist-start" role="alertdialog" aria-modal="true" aria-labelledby="assist-start-text" tabIndex={-1}>
        <p id="assist-start-text" className="modal__title">
          {T.started}
        </p>
        <div className="assist-start__bar" aria-hidden="true" style={{ animationDuration: `${START_MODAL_MS}ms` }} />
      </div>
    </div>
  );
}
