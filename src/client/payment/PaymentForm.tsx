import { useState, type FormEvent } from 'react';
import { FREE_CANCEL_HOURS } from '../../shared/constants';
import type { ParticipationDetail } from '../../shared/parties';
import { formatPartyDateTime } from '../lib/format-date';
import { formatDeposit, formatPoints } from '../lib/format-points';
import { CheckboxField } from '../ui/CheckboxField';
import { COMMON_TEXTS } from '../ui/texts';
import { useAlert } from '../ui/use-alert';
import { useFieldErrors } from '../ui/use-field-errors';
import { formatMinutesSeconds, useTimeLeft } from '../lib/use-time-left';

// The refund policy is exactly what the server's leave rule does (docs/rules.md), so the promise is kept.
const REFUND_POLICY = `결제 후 파티 시작 ${FREE_CANCEL_HOURS}시간 전까지 취소하면 보증금 전액이 환불되며, 이후 취소 시 환불되지 않습니다. 파티에 참석해 체크인하면 보증금은 포인트로 돌려드립니다.`;

const T = {
  amounts: '결제 금액',
  fee: '파티 참가비',
  free: '무료',
  deposit: '보증금',
  total: '총 결제 금액',
  method: '결제 수단',
  points: '포인트 차감',
  owned: '보유 포인트',
  policy: '환불 정책',
  agree: '환불 정책에 동의합니다',
  mustAgree: '환불 정책에 동의해야 결제할 수 있습니다.',
  pay: '결제하기',
  paying: '결제 중...',
  holdExpired: '결제 가능 시간이 지났습니다. 다시 신청해 주세요.',
} as const;

interface Props {
  /** Undefined while loading: the amounts say so rather than showing a made-up 0. */
  participation: ParticipationDetail | undefined;
  paying: boolean;
  onPay: () => void;
}

export function PaymentForm({ participation, paying, onPay }: Props) {
  const [agreed, setAgreed] = useState(false);
  const showAlert = useAlert();
  const timeLeft = useTimeLeft(participation?.hold_expires_at);
  const expired = timeLeft === 0;
  const deposit = participation ? formatDeposit(participation.party.deposit) : COMMON_TEXTS.loading;
  // 결제하기 stays disabled until the box is ticked (spec §5); a submit that comes anyway marks the box too.
  const { setForm, ...fields } = useFieldErrors(agreed ? [] : [{ field: 'agreed', text: T.mustAgree }], { agreed });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    fields.check();
    if (!agreed) {
      void showAlert(T.mustAgree);
      return;
    }
    onPay();
  };

  return (
    <form ref={setForm} className="payment" onSubmit={submit}>
      {participation && (
        <div className="payment__party">
          <p className="payment__party-title">{participation.party.title}</p>
          <p className="payment__party-time">{formatPartyDateTime(participation.party.start_time)}</p>
          {timeLeft !== null && (
            <p className="payment__hold" role="status">
              {expired ? T.holdExpired : `결제 가능 시간 ${formatMinutesSeconds(timeLeft)} 남음`}
            </p>
          )}
        </div>
      )}

      <h2 className="payment__heading">{T.amounts}</h2>
      <dl className="payment__rows">
        <div>
          <dt>{T.fee}</dt>
          <dd>{T.free}</dd>
        </div>
        <div>
          <dt>{T.deposit}</dt>
          <dd>{deposit}</dd>
        </div>
        <div className="payment__total">
          <dt>{T.total}</dt>
          <dd>{deposit}</dd>
        </div>
      </dl>

      <fieldset className="payment__method">
        <legend className="payment__heading">{T.method}</legend>
        {/* The only method (spec §9: POINT), shown as a checked radio so it reads as a choice already made. */}
        <label className="payment__option">
          <input type="radio" name="payment_method" value="POINT" checked readOnly />
          <span>{T.points}</span>
          <span className="payment__owned">
            {T.owned} {participation ? formatPoints(participation.user.points) : COMMON_TEXTS.loading}
          </span>
        </label>
      </fieldset>

      <h2 className="payment__heading">{T.policy}</h2>
      <p id="refund-policy" className="note payment__policy">
        {REFUND_POLICY}
      </p>
      <CheckboxField className="payment__agree" label={T.agree} checked={agreed} onChecked={setAgreed} describedBy="refund-policy" error={fields.errors.agreed} />

      <button type="submit" className="button payment__pay" disabled={!agreed || paying || !participation || expired}>
        {paying ? T.paying : T.pay}
      </button>
    </form>
  );
}
