import { useAtomValue } from 'jotai';
import { useRef, useState } from 'react';
import { RATING_MIN } from '../../shared/constants';
import { ApiError } from '../api/api-error';
import { submitReview } from '../api/history';
import { isLoggedInAtom } from '../state/session-atoms';
import { useFormMessage } from '../ui/use-form-message';
import { useAlert } from '../ui/use-alert';
import { REVIEW_TEXTS as T } from './history-texts';

const RATING_FIELDS = ['q1_rating', 'q2_rating', 'q3_rating'];

/** Spec §8 "Review", in its order: rating field errors, then the server's words, then the HTTP status. */
function reviewErrorText(error: unknown): string {
  if (!(error instanceof ApiError) || error.status === 0) return T.failed;
  const body = error.body && typeof error.body === 'object' ? (error.body as Record<string, unknown>) : {};
  if (error.status === 400 && RATING_FIELDS.some((field) => field in body)) return T.ratingsRejected;
  if (error.status === 401) return T.loginRequired;
  return error.message || T.failedStatus(error.status);
}

export function useReviewSubmit(onDone: (partyId: number) => void) {
  const loggedIn = useAtomValue(isLoggedInAtom);
  const [sending, setSending] = useState(false);
  const inFlight = useRef(false);
  const message = useFormMessage();
  const showAlert = useAlert();

  const submit = async (partyId: number | null, ratings: number[], comment: string) => {
    if (inFlight.current) return;
    // Spec §5 "Review", checked in its order before anything is sent.
    if (!partyId) return message.show(T.partyUnknown);
    if (!loggedIn) return message.show(T.loginRequired);
    if (ratings.some((r) => r < RATING_MIN)) return message.show(T.ratingsMissing);
    inFlight.current = true;
    setSending(true);
    message.clear();
    try {
      const [q1_rating, q2_rating, q3_rating] = ratings;
      await submitReview({ party: partyId, q1_rating, q2_rating, q3_rating, comment: comment.trim() });
      await showAlert(T.done);
      onDone(partyId);
    } catch (error) {
      message.show(reviewErrorText(error));
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  };

  return { submit, sending, message: message.message };
}
