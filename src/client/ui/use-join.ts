import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { ApiError, errorMessage } from '../api/api-error';
import { joinParty } from '../api/join';
import { PAYMENT_PATH, type PaymentNavState } from '../lib/payment-nav-state';
import { isLoggedInAtom } from '../state/session-atoms';
import { JOIN_TEXTS } from './texts';

/**
 * Spec §4 "Join flow" and §8, shared by home cards and the party detail; only the fallback error text differs
 * between them. Guests get the login modal and no call.
 */
export function useJoin(failedText: string) {
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
      navigate(PAYMENT_PATH, { state });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) setNeedsLogin(true);
      else if (error instanceof ApiError && error.status === 409) window.alert(JOIN_TEXTS.alreadyJoined);
      else window.alert(errorMessage(error, failedText));
    } finally {
      setPendingId(null);
    }
  };

  return { join, pendingId, needsLogin, closeLogin: () => setNeedsLogin(false) };
}
