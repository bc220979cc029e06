import { useEffect, useRef } from 'react';
import { leaveParty } from '../api/participation';
import { useSeatChanged } from '../api/seat-change';

/**
 * Spec §4: leaving /payment without paying cancels the participation, so the seat goes back to others at once
 * instead of after the hold. This covers the ways out that cannot ask first (a tab of the footer, the bell); back
 * and ‹ ask (PaymentScreen's back layer, lib/back-layers.ts). The call is deferred by a tick because React StrictMode unmounts and remounts every
 * component once in development: the remount cancels the timer, so only a real exit leaves. `shouldLeave` is
 * asked at that moment (not at mount) because payment may have started or finished in between.
 */
export function useLeaveOnExit(partyId: number | null, shouldLeave: () => boolean) {
  const latest = useRef(shouldLeave);
  const timer = useRef<number | undefined>(undefined);
  // Kept in a ref like `shouldLeave`: the effect must depend on the party alone, or re-running it would leave.
  const seatChanged = useRef(useSeatChanged());

  useEffect(() => {
    latest.current = shouldLeave;
  });

  useEffect(() => {
    if (partyId === null) return;
    window.clearTimeout(timer.current);
    const refreshNow = () => seatChanged.current('leave', partyId);
    return () => {
      timer.current = window.setTimeout(() => {
        if (!latest.current()) return;
        // Fire and forget: the student is already elsewhere, and an unpaid hold also expires by itself.
        leaveParty(partyId)
          .then(refreshNow)
          .catch((error: unknown) => console.warn('참가 신청을 취소하지 못했습니다.', error));
      }, 0);
    };
  }, [partyId]);
}
