import { useState } from 'react';
import type { z } from 'zod';
import type { opsPartyCancelled, opsPartyDetail } from '../../shared/ops-contract';
import { errorMessage } from '../api/api-error';
import { ActionDialog } from '../ui/ActionDialog';
import { opsFetch } from './ops-api';
import { PARTY_FORM_TEXTS as T } from './party-form-texts';

type PartyDetail = z.infer<typeof opsPartyDetail>;
export type PartyCancelled = z.infer<typeof opsPartyCancelled>;

interface Props {
  party: PartyDetail;
  onClose: () => void;
  onCancelled: (result: PartyCancelled) => void;
}

/**
 * 파티 취소: says who is affected and what comes back before anything happens. Escape or 그대로 두기 closes it;
 * while the request is out nothing does, and a refusal is shown inside it.
 */
export function CancelPartyDialog({ party, onClose, onCancelled }: Props) {
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const held = party.attendees.filter((a) => a.deposit_state === 'held');
  const heldPoints = held.reduce((sum, a) => sum + (a.paid_amount ?? 0), 0);

  async function cancel() {
    setSending(true);
    setError(null);
    try {
      onCancelled(await opsFetch<PartyCancelled>(`/api/ops/parties/${party.id}/cancel/`, { method: 'POST' }));
    } catch (failure) {
      setError(errorMessage(failure, T.cancelFailed));
      setSending(false);
    }
  }

  return (
    <ActionDialog
      title={T.cancelQuestion}
      confirmLabel={T.cancelConfirm}
      sendingLabel={T.cancelling}
      keepLabel={T.keep}
      sending={sending}
      error={error}
      onConfirm={() => void cancel()}
      onClose={onClose}
      className="modal--center"
      confirmClassName="button ops-button--danger"
    >
      <ul className="party-cancel__effects">
        <li>
          <strong>{party.title}</strong>
        </li>
        <li>{party.applied_count > 0 ? T.cancelAffects(party.applied_count, party.paid_count) : T.cancelNobody}</li>
        {party.applied_count > 0 && <li>{T.cancelRefunds(held.length, heldPoints)}</li>}
        <li>{T.cancelUndo}</li>
      </ul>
    </ActionDialog>
  );
}
