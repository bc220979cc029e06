import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { errorMessage } from '../api/api-error';
import { useParticipation } from '../api/participation';
import { formatPoints } from '../lib/format-points';
import { readPaymentNavState } from '../lib/payment-nav-state';
import { ADDITIONAL_INFO_PATH, rememberRedirectPath } from '../lib/redirect-path';
import { isLoggedInAtom } from '../state/session-atoms';
import { ConfirmModal } from '../ui/ConfirmModal';
import { LoginRequiredModal } from '../ui/LoginRequiredModal';
import { ScreenPage } from '../ui/ScreenPage';
import { useGoBack } from '../ui/use-go-back';
import { useAlert } from '../ui/use-alert';
import { PaymentForm } from './PaymentForm';
import { useLeaveOnExit } from './use-leave-on-exit';
import { usePay } from './use-pay';
import './payment.css';
import { flowDoneState } from '../lib/flow-done';

const FINISH_PATH = '/paymentfinish';

const T = {
  title: '예약 보증금 결제',
  missing: '예약 정보가 없습니다. 다시 시도해주세요.',
  loadFailed: '예약 정보를 불러오지 못했습니다.',
  alreadyPaid: '이미 결제가 완료된 예약입니다.',
  toAssist: '파티비서로 가기',
  ended: '결제 가능 시간이 지났거나 취소된 신청입니다. 파티를 다시 신청해 주세요.',
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
    () => void mutate(),
    () => {
      if (!nav) return;
      toAdditionalInfo.current = true;
      rememberRedirectPath(`/partyinfo/${nav.partyId}`);
      navigate(ADDITIONAL_INFO_PATH);
    },
  );
  const guest = !loggedIn || error?.status === 401;

  // Only a seat known to be unpaid is given back: a confirmed one would be cancelled (maybe without refund).
  useLeaveOnExit(nav?.partyId ?? null, () => data?.status === 'pending' && !isCommitted() && !toAdditionalInfo.current);

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
  else if (data && (data.status === 'cancelled' || data.status === 'expired'))
    body = <p className="payment__notice">{T.ended}</p>;
  else body = <PaymentForm participation={data} paying={paying} onPay={() => void pay()} />;

  return (
    <ScreenPage title={T.title} back>
      {body}
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
