import { useAtomValue } from 'jotai';
import { useRef, useState } from 'react';
import { RATING_MIN } from '../../shared/constants';
import { ApiError } from '../api/api-error';
import { submitReview } from '../api/history';
import { isLoggedInAtom } from '../state/session-atoms';
import type { FieldProblem } from '../ui/use-field-errors';
import { useFormMessage } from '../ui/use-form-message';
import { useAlert } from '../ui/use-alert';
import { REVIEW_TEXTS as T } from './history-texts';

type RatingField = 'q1_rating' | 'q2_rating' | 'q3_rating';

export const RATING_FIELDS: RatingField[] = ['q1_rating', 'q2_rating', 'q3_rating'];

/** Each row left without a star, beside it; the form's message is the spec's 별점을 모두 선택해 주세요. */
export function ratingProblems(ratings: number[]): FieldProblem<RatingField>[] {
  return RATING_FIELDS.filter((_, i) => ratings[i] < RATING_MIN).map((field) => ({ field, text: T.ratingMissing, summary: T.ratingsMissing }));
}

export const ratingValues = (ratings: number[]): Record<RatingField, number> => ({ q1_rating: ratings[0], q2_rating: ratings[1], q3_rating: ratings[2] });

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

  /** `checkRatings` is the form's own (errors beside the unrated rows); its message, when any, stops the submit. */
  const submit = async (partyId: number | null, ratings: number[], comment: string, checkRatings: () => string | null) => {
    if (inFlight.current) return;
    // Spec §5 "Review", checked in its order before anything is sent.
    if (!partyId) return message.show(T.partyUnknown);
    if (!loggedIn) return message.show(T.loginRequired);
    const missing = checkRatings();
    if (missing) return message.show(missing);
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
