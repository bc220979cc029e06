import { useEffect, useId, useRef, type FormEvent, type KeyboardEvent, type RefObject } from 'react';
import { REJECTION_REASON_MAX } from '../../shared/verification';
import { OTHER_PRESET } from './use-verification-decision';
import { presetKeyIndex } from './verification-keys';
import { REJECT_PRESETS, VERIFICATION_TEXTS as T } from './verification-texts';
import '../ui/field.css';

export interface DecisionProps {
  busy: boolean;
  /** The preset reasons are open (R, or 반려...). */
  rejecting: boolean;
  preset: number | null;
  reason: string;
  reasonError: string | null;
  reasonField: RefObject<HTMLTextAreaElement | null>;
  approveButton: RefObject<HTMLButtonElement | null>;
  onOpenReject: () => void;
  onCloseReject: () => void;
  onPick: (preset: number) => void;
  onReason: (text: string) => void;
  onApprove: () => void;
  onReject: () => void;
}

/**
 * Approve, or reject with a reason picked from the presets (1–6, Enter) or written (기타, Ctrl+Enter). While a
 * rejection is out the buttons say so and ignore presses, but stay enabled: a disabled button drops the keyboard
 * focus of the operator who just pressed it. Escape closes the reasons and gives the focus back to 반려.
 */
export function VerificationDecision(props: DecisionProps) {
  const { busy, rejecting, approveButton, onOpenReject, onApprove } = props;
  const rejectButton = useRef<HTMLButtonElement>(null);
  return (
    <div className="verif-decision">
      <div className="verif-decision__buttons">
        <button ref={approveButton} type="button" className="button verif-decision__approve" aria-keyshortcuts="A" onClick={onApprove}>
          {T.approve}
        </button>
        {!rejecting && (
          <button ref={rejectButton} type="button" className="button button--ghost verif-decision__reject-open" aria-keyshortcuts="R" aria-disabled={busy || undefined} onClick={onOpenReject}>
            {T.rejectOpen}
          </button>
        )}
      </div>
      {rejecting && <RejectReasons {...props} onClosed={() => requestAnimationFrame(() => rejectButton.current?.focus())} />}
    </div>
  );
}

function RejectReasons({ busy, preset, reason, reasonError, reasonField, onCloseReject, onPick, onReason, onReject, onClosed }: DecisionProps & { onClosed: () => void }) {
  const id = useId();
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const box = useRef<HTMLFieldSetElement>(null);
  const other = preset === OTHER_PRESET;

  // Opened: the keyboard is on the reasons at once (the one picked, else the first), so 1–6 and Enter work.
  useEffect(() => {
    const checked = box.current?.querySelector<HTMLInputElement>('input:checked') ?? box.current?.querySelector<HTMLInputElement>('input');
    if (other) reasonField.current?.focus();
    else checked?.focus();
    // Only on opening: later picks move the focus themselves.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function pick(n: number) {
    onPick(n);
    // 기타 asks for words; a preset keeps the focus on its own choice.
    if (n === OTHER_PRESET) requestAnimationFrame(() => reasonField.current?.focus());
    else box.current?.querySelectorAll<HTMLInputElement>('input')[n]?.focus();
  }

  function submit(e?: FormEvent) {
    e?.preventDefault();
    if (!busy) onReject();
  }

  function onKeyDown(e: KeyboardEvent<HTMLFormElement>) {
    const inText = e.target instanceof HTMLTextAreaElement;
    if (e.key === 'Escape') {
      e.preventDefault();
      onCloseReject();
      onClosed();
    } else if (e.key === 'Enter' && !e.nativeEvent.isComposing && (!inText || e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      submit();
    } else if (!inText && !e.ctrlKey && !e.metaKey && !e.altKey) {
      const n = presetKeyIndex(e, REJECT_PRESETS.length);
      if (n !== null) {
        e.preventDefault();
        pick(n);
      }
    }
  }

  return (
    <form className="verif-decision__reject" noValidate onSubmit={submit} onKeyDown={onKeyDown}>
      <fieldset ref={box} className="verif-presets" aria-describedby={reasonError && !other ? `${errorId} ${helpId}` : helpId}>
        <legend className="field__label">{T.presetsLegend}</legend>
        {REJECT_PRESETS.map((text, n) => (
          <label key={text} className="verif-presets__item">
            <input type="radio" name={`${id}-preset`} checked={preset === n} onChange={() => pick(n)} aria-keyshortcuts={String(n + 1)} />
            <kbd aria-hidden="true">{n + 1}</kbd> {text}
          </label>
        ))}
      </fieldset>
      <p className="field__help" id={helpId}>
        {T.presetsHelp}
      </p>
      {other && (
        <>
          <label className="field__label" htmlFor={id}>
            {T.otherReason}
          </label>
          <textarea
            ref={reasonField}
            id={id}
            className="field__input field__input--multiline"
            rows={2}
            value={reason}
            aria-keyshortcuts="Control+Enter"
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={reasonError ? `${errorId} ${id}-count` : `${id}-count`}
            onChange={(e) => onReason(e.target.value)}
          />
          <p className="field__help verif-decision__help" id={`${id}-count`}>
            <span>{T.reasonHelp(REJECTION_REASON_MAX)}</span>
            <span aria-hidden="true">{T.reasonCount(reason.trim().length, REJECTION_REASON_MAX)}</span>
          </p>
        </>
      )}
      <p className="error-text verif-decision__error" id={errorId} role="alert">
        {reasonError}
      </p>
      <div className="verif-decision__buttons">
        <button type="submit" className="button verif-decision__reject-button" aria-keyshortcuts="Enter" aria-disabled={busy || undefined}>
          {busy ? T.rejecting : T.reject}
        </button>
        <button
          type="button"
          className="button button--ghost"
          aria-keyshortcuts="Escape"
          onClick={() => {
            onCloseReject();
            onClosed();
          }}
        >
          {T.cancelReject}
        </button>
      </div>
    </form>
  );
}
