import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { ApiError, errorMessage } from '../api/api-error';
import { joinParty } from '../api/join';
import { useSeatChanged } from '../api/seat-change';
import { joinWaitlist } from '../api/waitlist';
import { PAYMENT_PATH, type PaymentNavState } from '../lib/payment-nav-state';
import { ADDITIONAL_INFO_PATH, ADDITIONAL_INFO_REQUIRED_TEXT, needsAdditionalInfo, rememberRedirectPath } from '../lib/redirect-path';
import { type VerificationRefusal, verificationRefusal } from '../lib/verification-refusal';
import { isLoggedInAtom } from '../state/session-atoms';
import { useAlert } from './use-alert';
import { useJoinBlock } from './use-join-block';
import { JOIN_TEXTS } from './texts';

/**
 * Spec §4 "Join flow" and §8, shared by home cards and the party detail; only the fallback error text differs
 * between them. Guests get the login modal and no call; a Kakao account that has not finished /mypage/additional
 * is told so and taken there; a student whose card an operator has not approved gets `refusal` (the screen shows
 * VerificationRefusalModal: why, and the way to my page when a new card is needed) — before any call when my page
 * already said so (`block`, which the buttons name in place of 신청하기).
 */
export function useJoin(failedText: string) {
  const loggedIn = useAtomValue(isLoggedInAtom);
  const showAlert = useAlert();
  const [location, navigate] = useLocation();
  const [pendingId, setPendingId] = useState<number | null>(null);
  const [needsLogin, setNeedsLogin] = useState(false);
  const [refusal, setRefusal] = useState<VerificationRefusal | null>(null);
  // Every screen showing my seat (and the bell: the server has just written a notice) reads it again.
  const seatChanged = useSeatChanged();
  // Known before the tap: the button says why, and a tap explains instead of asking the server to refuse.
  const block = useJoinBlock();

  // Never rejects: every failure ends in an alert, the login modal or the additional-info form, so a button may
  // drop the promise. Joining a full party's line is refused for the same reasons as joining, and told the same way.
  const run = async (partyId: number, action: () => Promise<void>, conflictText?: string) => {
    if (pendingId !== null) return;
    if (!loggedIn) {
      setNeedsLogin(true);
      return;
    }
    if (block) {
      setRefusal(block);
      return;
    }
    setPendingId(partyId);
    try {
      await action();
    } catch (error) {
      const refused = error instanceof ApiError ? verificationRefusal(error.status, error.body) : null;
      if (error instanceof ApiError && error.status === 401) setNeedsLogin(true);
      else if (refused) setRefusal(refused);
      else if (error instanceof ApiError && needsAdditionalInfo(error.status, error.body)) {
        // A Kakao account without school, phone and student card: say why, and lead the student to the form,
        // back here afterwards (AdditionalInfoScreen takes the remembered path, as the login screens do).
        await showAlert(errorMessage(error, ADDITIONAL_INFO_REQUIRED_TEXT));
        rememberRedirectPath(location);
        navigate(ADDITIONAL_INFO_PATH);
      } else if (conflictText && error instanceof ApiError && error.status === 409) await showAlert(conflictText);
      else await showAlert(errorMessage(error, failedText));
    } finally {
      setPendingId(null);
    }
  };

  const join = (partyId: number) =>
    run(
      partyId,
      async () => {
        const { id } = await joinParty(partyId);
        seatChanged('join', partyId);
        const state: PaymentNavState = { participationId: id, partyId };
        navigate(PAYMENT_PATH, { state });
      },
      JOIN_TEXTS.alreadyJoined,
    );

  /** Gets in line for a full party (issue 18); the server's own words on a refusal (already seated, not full). */
  const wait = (partyId: number) =>
    run(partyId, async () => {
      await joinWaitlist(partyId);
      seatChanged('waitlist_move', partyId);
    });

  return { join, wait, block, pendingId, needsLogin, closeLogin: () => setNeedsLogin(false), refusal, closeRefusal: () => setRefusal(null) };
}
