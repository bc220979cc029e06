import { useId, useState, type FormEvent } from 'react';
import type { HistoryEntry } from '../api/history';
import { useBodyScrollLock } from '../lib/use-body-scroll-lock';
import { ModalDialog } from '../ui/ModalDialog';
import { COMMENT_MAX, REVIEW_TEXTS as T } from './history-texts';
import { StarRow } from './StarRow';
import { useFormErrors } from '../ui/use-form-errors';
import { RATING_FIELDS, ratingProblems, ratingValues, useReviewSubmit } from './use-review-submit';
import { FormError } from '../ui/FormError';
import { SubmitButton } from '../ui/SubmitButton';
import '../ui/field.css';

interface Props {
  party: HistoryEntry;
  onClose: () => void;
  onReviewed: (partyId: number) => void;
}

/**
 * Mounted afresh for every opening, so stars, comment and message always start empty (spec §4 "fields reset on
 * open") without an effect resetting them.
 */
export function ReviewModal({ party, onClose, onReviewed }: Props) {
  const [ratings, setRatings] = useState([0, 0, 0]);
  const [comment, setComment] = useState('');
  const { submit, sending } = useReviewSubmit(onReviewed);
  // Each error once: 별점을 선택해 주세요. beside an unrated row (the three named once on the form), the rest on the form.
  const { setForm, ...form } = useFormErrors(ratingProblems(ratings), ratingValues(ratings));
  // While the review is being sent, nothing dismisses the modal: its answer is shown in it.
  const cancel = () => !sending && onClose();
  const commentId = useId();
  useBodyScrollLock(true);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(party.id, ratings, comment, form);
  };

  return (
    <ModalDialog onCancel={cancel} className="review-modal" labelledBy="review-title">
      <form ref={setForm} onSubmit={onSubmit}>
        <h2 id="review-title" className="modal__title">
          {T.title}
        </h2>
        {party.title && <p className="review-modal__party">#{party.title}</p>}
        {T.rows.map((label, i) => (
          <StarRow
            key={label}
            label={label}
            value={ratings[i]}
            disabled={sending}
            error={form.errors[RATING_FIELDS[i]]}
            onChange={(value) => setRatings((r) => r.map((old, j) => (j === i ? value : old)))}
          />
        ))}
        <label className="review-modal__label" htmlFor={commentId}>
          {T.comment}
        </label>
        <textarea
          id={commentId}
          className="field__input field__input--multiline"
          rows={3}
          maxLength={COMMENT_MAX}
          placeholder={T.commentPlaceholder}
          value={comment}
          disabled={sending}
          onChange={(e) => setComment(e.target.value)}
        />
        <FormError message={form.message} />
        <div className="review-modal__actions">
          <button type="button" className="button button--ghost" onClick={onClose} disabled={sending}>
            {T.close}
          </button>
          <SubmitButton busy={sending} label={T.submit} busyLabel={T.sending} />
        </div>
      </form>
    </ModalDialog>
  );
}
