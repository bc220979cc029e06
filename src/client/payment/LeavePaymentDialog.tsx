import { Dialog } from '../ui/Dialog';
import { formatMinutesSeconds, useTimeLeft } from '../lib/use-time-left';

const T = {
  title: '결제를 그만둘까요?',
  body: (title: string) => `나가면 '${title}' 신청이 취소되고, 자리는 기다리는 다음 분께 넘어가요.`,
  left: (ms: number) => `결제 가능 시간 ${formatMinutesSeconds(ms)} 남음`,
  stay: '계속 결제하기',
  leave: '신청 취소하고 나가기',
} as const;

interface Props {
  title: string;
  holdExpiresAt: string | null;
  /** Keep the seat and stay on the payment page (also Escape, and a back while the dialog is open). */
  onStay: () => void;
  onLeave: () => void;
}

/** Asked when back leaves /payment with an unpaid hold (issue 30 §2): keep the seat and pay, or give it back. */
export function LeavePaymentDialog({ title, holdExpiresAt, onStay, onLeave }: Props) {
  const left = useTimeLeft(holdExpiresAt);
  return (
    <Dialog title={T.title} body={left ? `${T.body(title)} ${T.left(left)}` : T.body(title)} onClose={onStay} role="alertdialog">
      <button type="button" className="button" onClick={onStay}>
        {T.stay}
      </button>
      <button type="button" className="button button--ghost" onClick={onLeave}>
        {T.leave}
      </button>
    </Dialog>
  );
}
