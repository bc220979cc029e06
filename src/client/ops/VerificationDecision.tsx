import { useId, type FormEvent, type RefObject } from 'react';
import { REJECTION_REASON_MAX } from '../../shared/verification';
import { VERIFICATION_TEXTS as T } from './verification-texts';
import '../ui/field.css';

export interface DecisionProps {
  busy: boolean;
  reason: string;
  reasonError: string | null;
  reasonField: RefObject<HTMLTextAreaElement | null>;
  onReason: (text: string) => void;
  onApprove: () => void;
  onReject: () => void;
}

/**
 * Approve, or reject with a reason. While a decision is out the buttons say so and ignore presses, but stay enabled:
 * a disabled button drops the keyboard focus of the operator who just pressed it.
 */
export function VerificationDecision({ busy, reason, reasonError, reasonField, onReason, onApprove, onReject }: DecisionProps) {
  const id = useId();
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  function submit(e: FormEvent) {
    e.preventDefault();
    if (!busy) onReject();
  }
  return (
    <div className="verif-decision">
      <button type="button" className="button verif-decision__approve" aria-disabled={busy || undefined} aria-keyshortcuts="A" onClick={() => !busy && onApprove()}>
        {busy ? T.approving : T.approve}
      </button>
      <form className="verif-decision__reject" noValidate onSubmit={submit}>
        <label className="field__label" htmlFor={id}>
          {T.reason}
        </label>
        <textarea
          ref={reasonField}
          id={id}
          className="field__input field__input--multiline"
          rows={2}
          value={reason}
          aria-keyshortcuts="R"
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={reasonError ? `${errorId} ${helpId}` : helpId}
          onChange={(e) => onReason(e.target.value)}
        />
        <p className="field__help verif-decision__help" id={helpId}>
          <span>{T.reasonHelp(REJECTION_REASON_MAX)}</span>
          <span aria-hidden="true">{T.reasonCount(reason.trim().length, REJECTION_REASON_MAX)}</span>
        </p>
        <p className="error-text verif-decision__error" id={errorId} role="alert">
          {reasonError}
        </p>
        <button type="submit" className="button button--ghost verif-decision__reject-button" aria-disabled={busy || undefined}>
          {busy ? T.rejecting : T.reject}
        </button>
      </form>
    </div>
  );
}
