import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { errorMessage } from '../api/api-error';
import { leaveParty, useParticipation } from '../api/participation';
import { useSeatChanged } from '../api/seat-change';
import { flowDoneState } from '../lib/flow-done';
import { formatPoints } from '../lib/format-points';
import { readPaymentNavState } from '../lib/payment-nav-state';
import { ADDITIONAL_INFO_PATH, rememberRedirectPath } from '../lib/redirect-path';
import { useBackLayer } from '../lib/use-back-layer';
import { useTimeLeft } from '../lib/use-time-left';
import { isLoggedInAtom } from '../state/session-atoms';
import { ConfirmModal } from '../ui/ConfirmModal';
import { LoginRequiredModal } from '../ui/LoginRequiredModal';
import { ScreenPage } from '../ui/ScreenPage';
import { useGoBack } from '../ui/use-go-back';
import { useAlert } from '../ui/use-alert';
import { LeavePaymentDialog } from './LeavePaymentDialog';
import { PaymentForm } from './PaymentForm';
import { useLeaveOnExit } from './use-leave-on-exit';
import { usePay } from './use-pay';
import './payment.css';

const FINISH_PATH = '/paymentfinish';

const T = {
  title: '예약 보증금 결제',
  missing: '예약 정보가 없습니다. 다시 시도해주세요.',
  loadFailed: '예약 정보를 불러오지 못했습니다.',
  alreadyPaid: '이미 결제가 완료된 예약입니다.',
  toAssist: '파티비서로 가기',
  ended: '결제 가능 시간이 지났거나 취소된 신청입니다. 파티를 다시 신청해 주세요.',
  toParty: '파티 페이지로 가기',
  leaveFailed: '신청을 취소하지 못했습니다. 파티 페이지에서 다시 확인해 주세요.',
} as const;

export default function PaymentScreen() {
  const loggedIn = useAtomValue(isLoggedInAtom);
  const [, navigate] = useLocation();
  const goBack = useGoBack('/');
  const showAlert = useAlert();
  const [nav] = useState(readPaymentNavState);
  const { data, error, mutate } = useParticipation(loggedIn && nav ? nav.participationId : null);
  // Set when the student is sent to /mypage/additional: the unpaid seat is kept for them (its hold still expires by
  // itself), and the party's page, where they return, offers 결제 계속하기.
  const toAdditionalInfo = useRef(false);
  const { pay, paying, result, isCommitted } = usePay(
    nav?.participationId ?? null,
    nav?.partyId ?? null,
    () => void mutate(),
    () => {
      if (!nav) return;
      toAdditionalInfo.current = true;
      rememberRedirectPath(`/partyinfo/${nav.partyId}`);
      navigate(ADDITIONAL_INFO_PATH);
    },
  );
  const guest = !loggedIn || error?.status === 401;
  const seatChanged = useSeatChanged();

  // Coming back to the tab re-reads the reservation (SWR's focus refetch is off here, see useParticipation): a hold
  // that ended meanwhile, or a seat cancelled elsewhere, is said at once rather than at the tap on 결제하기.
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') void mutate();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [mutate]);

  const holdLeft = useTimeLeft(data?.hold_expires_at);
  const holdEnded = !!data && (data.status === 'cancelled' || data.status === 'expired' || (data.status === 'pending' && holdLeft === 0));
  // The seat ended under the page: every other screen that shows it reads it again too.
  useEffect(() => {
    if (holdEnded && nav) seatChanged('hold_expiry', nav.partyId);
  }, [holdEnded, nav, seatChanged]);

  // Back (the browser's, Android's, ‹) asks first while there is an unpaid hold to keep (issue 30 §2).
  const [asking, setAsking] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const left = useRef(false);
  const armed = !!nav && data?.status === 'pending' && !holdEnded && !paying && !result && !leaving;
  // The page's own layer (lib/back-layers.ts): back takes its history entry and asks; the entry comes back while the
  // hold is kept, and goes when the page is disarmed (paid, left, or nothing left to keep).
  useBackLayer(armed, () => setAsking(true));

  const keepSeat = () => setAsking(false);
  // Never rejects: a failed leave is said, and the student goes back all the same (the hold ends by itself).
  const leaveAndGo = async () => {
    if (!nav || leaving) return;
    setLeaving(true);
    setAsking(false);
    left.current = true;
    try {
      await leaveParty(nav.partyId);
    } catch (failure) {
      await showAlert(errorMessage(failure, T.leaveFailed));
    }
    seatChanged('leave', nav.partyId);
    goBack();
  };

  // Other ways out (a footer tab, the bell) cannot ask: an unpaid seat is given back as spec §4 says. Only a seat
  // known to be unpaid: a confirmed one would be cancelled (maybe without refund).
  useLeaveOnExit(nav?.partyId ?? null, () => data?.status === 'pending' && !isCommitted() && !toAdditionalInfo.current && !left.current);

  // Spec §8. The ref keeps StrictMode's second effect run from alerting twice.
  const warned = useRef(false);
  useEffect(() => {
    if (!loggedIn || nav || warned.current) return;
    warned.current = true;
    void showAlert(T.missing).then(goBack);
  }, [loggedIn, nav, goBack, showAlert]);

  let body = null;
  if (guest) body = <LoginRequiredModal onClose={goBack} />;
  else if (!nav) body = null;
  else if (error) body = <p className="error-text">에러: {errorMessage(error, T.loadFailed)}</p>;
  else if (data?.status === 'confirmed' && !result)
    body = (
      <div className="payment__notice">
        <p>{T.alreadyPaid}</p>
        <button type="button" className="button" onClick={() => navigate('/assist', { replace: true })}>
          {T.toAssist}
        </button>
      </div>
    );
  else if (holdEnded)
    // Say so, and the way on: the party's page shows the seat as the server has it now.
    body = (
      <div className="payment__notice" role="status">
        <p>{T.ended}</p>
        <button type="button" className="button" onClick={() => navigate(`/partyinfo/${nav.partyId}`, { replace: true })}>
          {T.toParty}
        </button>
      </div>
    );
  else body = <PaymentForm participation={data} paying={paying} onPay={() => void pay()} />;

  return (
    <ScreenPage title={T.title} back>
      {body}
      {asking && data && <LeavePaymentDialog title={data.party.title} holdExpiresAt={data.hold_expires_at} onStay={keepSeat} onLeave={() => void leaveAndGo()} />}
      {result && (
        // Replace: back from the finish screen should not land on a payment that is already done.
        <ConfirmModal
          message={`결제 완료! 사용 포인트: ${formatPoints(result.amount)}`}
          onConfirm={() => navigate(FINISH_PATH, { replace: true, state: flowDoneState(FINISH_PATH) })}
        />
      )}
    </ScreenPage>
  );
}
