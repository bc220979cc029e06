import { useLocation } from 'wouter';
import type { VerificationRefusal } from '../lib/verification-refusal';
import { Dialog } from './Dialog';
import { COMMON_TEXTS } from './texts';

const T = {
  verification_pending: '학생증 확인 중이에요',
  verification_rejected: '학생증이 반려되었어요',
  verification_required: '학생증 확인이 필요해요',
  toMyPage: '마이페이지에서 학생증 보내기',
} as const;

/**
 * A join refused until an operator approves the student card: the server's reason, and — when a new card is what
 * the student must do — the way to my page, where it is sent. Waiting needs nothing but 확인.
 */
export function VerificationRefusalModal({ refusal, onClose }: { refusal: VerificationRefusal; onClose: () => void }) {
  const [, navigate] = useLocation();
  const mustSend = refusal.code !== 'verification_pending';
  return (
    <Dialog title={T[refusal.code]} body={refusal.message} onClose={onClose} role="alertdialog">
      {mustSend ? (
        <>
          <button type="button" className="button" onClick={() => navigate('/mypage')}>
            {T.toMyPage}
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
    </Dialog>
  );
}
