import { useEffect, useState } from 'react';
import { FREE_CANCEL_HOURS } from '../../shared/constants';
import type { LeaveQuote } from '../../shared/parties';
import { errorMessage } from '../api/api-error';
import { fetchLeaveQuote, leaveParty } from '../api/participation';
import { useSeatChanged } from '../api/seat-change';
import { formatPartyDateTime } from '../lib/format-date';
import { formatPoints } from '../lib/format-points';
import { ActionDialog } from './ActionDialog';
import { COMMON_TEXTS } from './texts';
import { useAlert } from './use-alert';
import './leave-seat.css';

export const LEAVE_TEXTS = {
  open: '참가 취소',
  title: '참가를 취소할까요?',
  confirm: '참가 취소하기',
  sending: '취소하는 중...',
  keep: '그대로 두기',
  unpaid: '아직 결제 전이라 포인트는 그대로예요.',
  refund: (points: number) => `지금 취소하면 ${formatPoints(points)} 전액 환불`,
  refundUntil: (iso: string) => `${formatPartyDateTime(iso)}까지 취소하면 보증금을 모두 돌려받아요.`,
  noRefund: `시작 ${FREE_CANCEL_HOURS}시간 전이 지나 환불되지 않아요`,
  noRefundDetail: (points: number) => `보증금 ${formatPoints(points)}는 돌려받을 수 없어요.`,
  nothingPaid: '돌려받을 보증금이 없어요.',
  seatGoesOn: '취소한 자리는 기다리는 다음 분께 넘어가요.',
  loadFailed: '취소 정보를 불러오지 못했습니다.',
  failed: '참가 취소 중 오류가 발생했습니다.',
  done: (refunded: number) => (refunded > 0 ? `참가를 취소했어요. ${formatPoints(refunded)}를 돌려드렸어요.` : '참가를 취소했어요.'),
} as const;

/** The sentence that says what happens now, from the server's own numbers (never the client's clock). */
function Consequence({ quote }: { quote: LeaveQuote }) {
  if (quote.status === 'pending') return <p className="leave-sheet__main">{LEAVE_TEXTS.unpaid}</p>;
  if (quote.refund > 0)
    return (
      <>
        <p className="leave-sheet__main">{LEAVE_TEXTS.refund(quote.refund)}</p>
        <p className="leave-sheet__detail">{LEAVE_TEXTS.refundUntil(quote.refund_until)}</p>
      </>
    );
  if (quote.paid > 0)
    return (
      <>
        <p className="leave-sheet__main leave-sheet__main--loss">{LEAVE_TEXTS.noRefund}</p>
        <p className="leave-sheet__detail">{LEAVE_TEXTS.noRefundDetail(quote.paid)}</p>
      </>
    );
  return <p className="leave-sheet__main">{LEAVE_TEXTS.nothingPaid}</p>;
}

interface Props {
  partyId: number;
  title: string;
  onClose: () => void;
}

/**
 * 참가 취소 (issue 30 §1), a bottom sheet: what leaving does now by the server's rule (asked afresh as the sheet
 * opens), then the leave. The freed seat goes to the line on the server; every screen that shows the seat reads it
 * again, and the student is told what came back.
 */
export function LeaveSeatSheet({ partyId, title, onClose }: Props) {
  const [quote, setQuote] = useState<LeaveQuote | null>(null);
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);
  const seatChanged = useSeatChanged();
  const showAlert = useAlert();

  useEffect(() => {
    let alive = true;
    fetchLeaveQuote(partyId)
      .then((q) => alive && setQuote(q))
      .catch((failure: unknown) => alive && setError(errorMessage(failure, LEAVE_TEXTS.loadFailed)));
    return () => {
      alive = false;
    };
  }, [partyId]);

  // Never rejects: a refusal is shown in the sheet, which stays open.
  const leave = async () => {
    if (sending) return;
    setSending(true);
    setError('');
    try {
      const { refunded } = await leaveParty(partyId);
      seatChanged('leave', partyId);
      onClose();
      await showAlert(LEAVE_TEXTS.done(refunded));
    } catch (failure) {
      setError(errorMessage(failure, LEAVE_TEXTS.failed));
      setSending(false);
      // The seat may have changed meanwhile (the hold ran out, the party started): every screen reads it again.
      seatChanged('leave', partyId);
    }
  };

  return (
    <ActionDialog
      title={LEAVE_TEXTS.title}
      confirmLabel={LEAVE_TEXTS.confirm}
      sendingLabel={LEAVE_TEXTS.sending}
      keepLabel={LEAVE_TEXTS.keep}
      sending={sending}
      error={error || null}
      onConfirm={() => void leave()}
      onClose={onClose}
      confirmDisabled={!quote}
      className="leave-sheet"
      confirmClassName="button button--danger"
      closeOnBackdrop
    >
      <p className="leave-sheet__party">{title}</p>
      <div className="leave-sheet__what" aria-live="polite">
        {quote ? (
          <>
            <Consequence quote={quote} />
            <p className="leave-sheet__detail">{LEAVE_TEXTS.seatGoesOn}</p>
          </>
        ) : (
          !error && <p className="leave-sheet__detail">{COMMON_TEXTS.loading}</p>
        )}
      </div>
    </ActionDialog>
  );
}
