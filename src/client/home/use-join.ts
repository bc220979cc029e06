import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { ApiError } from '../api/api-error';
import { joinParty, type PaymentNavState } from '../api/join';
import { isLoggedInAtom } from '../state/session-atoms';

const ALREADY_JOINED = '이미 참가한 파티입니다. 마이페이지에서 확인해 주세요.';
const JOIN_FAILED = '참가 신청에 실패했습니다.';

/** The apply button of a home card (spec §4 "Join flow" and §8). */
export function useJoin() {
  const loggedIn = useAtomValue(isLoggedInAtom);
  const [, navigate] = useLocation();
  const [pendingId, setPendingId] = useState<number | null>(null);
  const [needsLogin, setNeedsLogin] = useState(false);

  const join = async (partyId: number) => {
    if (pendingId !== null) return;
    if (!loggedIn) {
      setNeedsLogin(true);
      return;
    }
    setPendingId(partyId);
    try {
      const { id } = await joinParty(partyId);
      const state: PaymentNavState = { participationId: id, partyId };
      navigate('/payment', { state });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) setNeedsLogin(true);
      else if (error instanceof ApiError && error.status === 409) window.alert(ALREADY_JOINED);
      else window.alert(error instanceof ApiError && error.message ? error.message : JOIN_FAILED);
    } finally {
      setPendingId(null);
    }
  };

  return { join, pendingId, needsLogin, closeLogin: () => setNeedsLogin(false) };
}
