import { useAtomValue } from 'jotai';
import { useRef, useState } from 'react';
import { RATING_MIN } from '../../shared/constants';
import { ApiError } from '../api/api-error';
import { submitReview } from '../api/history';
import { isLoggedInAtom } from '../state/session-atoms';
import type { FieldProblem } from '../ui/use-field-errors';
import { useAlert } from '../ui/use-alert';
import type { FormErrors } from '../ui/use-form-errors';
import { REVIEW_TEXTS as T } from './history-texts';

type RatingField = 'q1_rating' | 'q2_rating' | 'q3_rating';

export const RATING_FIELDS: RatingField[] = ['q1_rating', 'q2_rating', 'q3_rating'];

/** Each row left without a star, beside it; the form's message is the spec's 별점을 모두 선택해 주세요. */
export function ratingProblems(ratings: number[]): FieldProblem<RatingField>[] {
  return RATING_FIELDS.filter((_, i) => ratings[i] < RATING_MIN).map((field) => ({ field, text: T.ratingMissing, summary: T.ratingsMissing }));
}

export const ratingValues = (ratings: number[]): Record<RatingField, number> => ({ q1_rating: ratings[0], q2_rating: ratings[1], q3_rating: ratings[2] });

/**
 * Spec §8 "Review", in its order: rating field errors, then the server's words, then the HTTP status. The form's line
 * says it: the server's rating errors get the spec's one sentence for all three rows, not a row of their own.
 */
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
  const showAlert = useAlert();

  /** `form` is the modal's: an unrated row stops the submit, said beside it (and the group once on the form). */
  const submit = async (partyId: number | null, ratings: number[], comment: string, form: FormErrors) => {
    if (inFlight.current) return;
    // Spec §5 "Review", checked in its order before anything is sent.
    if (!partyId) return form.say(T.partyUnknown);
    if (!loggedIn) return form.say(T.loginRequired);
    if (!form.ready()) return;
    inFlight.current = true;
    setSending(true);
    try {
      const [q1_rating, q2_rating, q3_rating] = ratings;
      await submitReview({ party: partyId, q1_rating, q2_rating, q3_rating, comment: comment.trim() });
      await showAlert(T.done);
      onDone(partyId);
    } catch (error) {
      form.say(reviewErrorText(error));
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  };

  return { submit, sending };
}
