import { useLayoutEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { rememberRedirectPath } from '../lib/redirect-path';
import type { VerificationRefusal } from '../lib/verification-refusal';
import { DialogBody } from './DialogBody';
import { COMMON_TEXTS, LOGIN_MODAL_TEXTS } from './texts';
import type { PendingAlert } from './use-alert';

// The dialogs something the student did raises, not drawn with a screen (sign in first; the student card is not
// approved yet; an alert of useAlert), in a chunk of their own like the dialog they are drawn in (lazy-dialogs.ts):
// LoginRequiredModal.tsx, VerificationRefusalModal.tsx and AlertHost.tsx show them.

export interface LoginRequiredProps {
  onClose: () => void;
  /** Where to come back after signing in; the current screen unless a screen knows better. */
  redirectPath?: string;
}

export function LoginRequiredDialog({ onClose, redirectPath }: LoginRequiredProps) {
  const [location, navigate] = useLocation();
  // Both ways in remember the screen, so after signing in the student lands where they were going.
  const go = (to: string) => {
    rememberRedirectPath(redirectPath ?? location);
    navigate(to);
  };
  return (
    <DialogBody title={LOGIN_MODAL_TEXTS.title} body={LOGIN_MODAL_TEXTS.body} onClose={onClose} showClose>
      <button type="button" className="button button--kakao" onClick={() => go('/kakao-login')}>
        {LOGIN_MODAL_TEXTS.kakao}
      </button>
      <button type="button" className="button button--ghost" onClick={() => go('/login')}>
        {LOGIN_MODAL_TEXTS.login}
      </button>
    </DialogBody>
  );
}

const REFUSAL_TITLES = {
  verification_pending: '학생증 확인 중이에요',
  verification_rejected: '학생증이 반려되었어요',
  verification_required: '학생증 확인이 필요해요',
  toMyPage: '마이페이지에서 학생증 보내기',
} as const;

/**
 * A join refused until an operator approves the student card: the server's reason, and — when a new card is what
 * the student must do — the way to my page, where it is sent. Waiting needs nothing but 확인.
 */
export function VerificationRefusalDialog({ refusal, onClose }: { refusal: VerificationRefusal; onClose: () => void }) {
  const [, navigate] = useLocation();
  const mustSend = refusal.code !== 'verification_pending';
  return (
    <DialogBody title={REFUSAL_TITLES[refusal.code]} body={refusal.message} onClose={onClose} role="alertdialog">
      {mustSend ? (
        <>
          <button type="button" className="button" onClick={() => navigate('/mypage')}>
            {REFUSAL_TITLES.toMyPage}
          </button>
          <button type="button" className="button button--ghost" onClick={onClose}>
            {COMMON_TEXTS.close}
          </button>
        </>
      ) : (
        <button type="button" className="button" onClick={onClose}>
          {COMMON_TEXTS.confirm}
        </button>
      )}
    </DialogBody>
  );
}

/** One alert of AlertHost: focus goes to 확인 and, on closing, back to where it was (ModalDialog). */
export function AlertDialog({ alert, onDone }: { alert: PendingAlert; onDone: () => void }) {
  const button = useRef<HTMLButtonElement>(null);
  // What follows an alert (a step back, the next screen) starts once it is gone: its history entry is then on its way
  // out (lib/back-layers.ts), and focus is back where it was. Only a dismissed alert: StrictMode's trial unmount is not.
  const dismissed = useRef(false);
  useLayoutEffect(() => () => {
    if (dismissed.current) alert.resolve();
  }, [alert]);
  const dismiss = () => {
    dismissed.current = true;
    onDone();
  };
  return (
    <DialogBody title={alert.text} onClose={dismiss} role="alertdialog" className="modal--center app-alert" initialFocus={button}>
      <button ref={button} type="button" className="button" onClick={dismiss}>
        {COMMON_TEXTS.confirm}
      </button>
    </DialogBody>
  );
}
