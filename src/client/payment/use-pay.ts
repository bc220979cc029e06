import { useRef, useState } from 'react';
import type { PayResponse } from '../../shared/parties';
import { ApiError, errorMessage } from '../api/api-error';
import { payParticipation } from '../api/participation';
import { useSeatChanged } from '../api/seat-change';
import { ADDITIONAL_INFO_REQUIRED_TEXT, needsAdditionalInfo } from '../lib/redirect-path';
import { useAlert } from '../ui/use-alert';

const PAY_FAILED = '결제 중 오류가 발생했습니다.';

/**
 * `onFailure` after a refused payment (the screen re-reads the reservation); `onNeedsInfo` instead when the account
 * must first finish /mypage/additional (a Kakao account without school, phone and student card).
 */
export function usePay(participationId: number | null, partyId: number | null, onFailure: () => void, onNeedsInfo: () => void) {
  const [paying, setPaying] = useState(false);
  const [result, setResult] = useState<PayResponse | null>(null);
  // True from the moment payment starts: a payment in flight or done must never be cancelled by leaving.
  const committed = useRef(false);
  const showAlert = useAlert();
  // Every screen showing my seat (and the bell: the server has just written a notice) reads it again.
  const seatChanged = useSeatChanged();

  const pay = async () => {
    if (participationId === null || committed.current) return;
    committed.current = true;
    setPaying(true);
    try {
      setResult(await payParticipation(participationId));
      seatChanged('pay', partyId);
    } catch (error) {
      committed.current = false;
      if (error instanceof ApiError && needsAdditionalInfo(error.status, error.body)) {
        await showAlert(errorMessage(error, ADDITIONAL_INFO_REQUIRED_TEXT));
        onNeedsInfo();
        return;
      }
      await showAlert(errorMessage(error, PAY_FAILED));
      onFailure();
    } finally {
      setPaying(false);
    }
  };

  return { pay, paying, result, isCommitted: () => committed.current };
}
