import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { START_MODAL_MS } from '../../shared/constants';
import { ModalDialog } from '../ui/ModalDialog';
import { ASSIST_TEXTS as T } from './assist-texts';

// Nothing to dismiss: the move happens anyway, so Escape simply does nothing.
const stay = () => undefined;

/** Spec §4: the party has started; after 3 s the student is taken to its lobby. */
export function StartModal({ partyId }: { partyId: number }) {
  const [, navigate] = useLocation();

  useEffect(() => {
    const id = setTimeout(() => navigate(`/balancewait/${partyId}`), START_MODAL_MS);
    return () => clearTimeout(id);
  }, [navigate, partyId]);

  return (
    <ModalDialog onCancel={stay} className="modal--center assist-start" role="alertdialog" labelledBy="assist-start-text">
      <p id="assist-start-text" className="modal__title">
        {T.started}
      </p>
      <div className="assist-start__bar" aria-hidden="true" style={{ animationDuration: `${START_MODAL_MS}ms` }} />
    </ModalDialog>
  );
}
