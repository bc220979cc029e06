import { useAtomValue } from 'jotai';
import { useState } from 'react';
import type { PartyDetail } from '../../shared/parties';
import { errorMessage } from '../api/api-error';
import { useSeatChanged } from '../api/seat-change';
import { leaveWaitlist, useWaitlistPosition } from '../api/waitlist';
import { isLoggedInAtom } from '../state/session-atoms';
import { useAlert } from '../ui/use-alert';

const LEAVE_FAILED = '대기 취소 중 오류가 발생했습니다.';

/**
 * My place in the party's line (issue 18) and the way out of it. Asked only of a signed-in student without a seat
 * here, while the party is open: a guest or a seat holder has no place in the line to show.
 */
export function usePartyWaitlist(party: PartyDetail | undefined) {
  const loggedIn = useAtomValue(isLoggedInAtom);
  const asks = loggedIn && !!party && !party.my_participation && party.status === 'open';
  const { data } = useWaitlistPosition(party?.id ?? 0, asks);
  const seatChanged = useSeatChanged();
  const showAlert = useAlert();
  const [leaving, setLeaving] = useState(false);

  const leave = async () => {
    if (!party || leaving) return;
    setLeaving(true);
    try {
      await leaveWaitlist(party.id);
    } catch (error) {
      await showAlert(errorMessage(error, LEAVE_FAILED));
    } finally {
      setLeaving(false);
      seatChanged('waitlist_move', party.id);
    }
  };

  return { position: asks ? (data?.position ?? null) : null, leave, leaving };
}
