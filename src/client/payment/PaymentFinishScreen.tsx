import { Redirect, useLocation } from 'wouter';
import { useArrivedThroughFlow } from '../lib/flow-done';
import { BackButton } from '../ui/BackButton';
import { CheckIcon } from '../ui/icons';
import { PushPromptCard } from '../ui/PushPromptCard';
import { COMMON_TEXTS } from '../ui/texts';
import './payment.css';

const DONE = '예약이 완료되었습니다';
const HINT = '파티비서에서 파티 일정과 남은 시간을 확인할 수 있어요.';

export default function PaymentFinishScreen() {
  const [, navigate] = useLocation();
  const arrived = useArrivedThroughFlow('/paymentfinish');
  if (!arrived) return <Redirect to="/" replace />;
  return (
    <section className="screen">
      <div className="screen__bar">
        <BackButton />
      </div>
      <div className="payment-finish">
        <span className="payment-finish__check">
          <CheckIcon width={40} height={40} strokeWidth={2.6} />
        </span>
        <h1 className="payment-finish__title">{DONE}</h1>
        <p className="payment-finish__hint">{HINT}</p>
        {/* Replace: the finished payment is not a place to come back to with the back button. */}
        <button type="button" className="button" onClick={() => navigate('/assist', { replace: true })}>
          {COMMON_TEXTS.confirm}
        </button>
        <PushPromptCard />
      </div>
    </section>
  );
}
