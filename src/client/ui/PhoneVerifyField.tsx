import { SIGNUP_MESSAGES } from '../lib/signup-validation';
import { TextField } from './TextField';

interface Props {
  phone: string;
  verified: boolean;
  /** Every change of the number or of its verification. */
  onChange: (phone: string, verified: boolean) => void;
  onReject: (message: string) => void;
  error?: string;
}

/** The phone number with its '인증' button, shared by /signup and /mypage/additional. */
export function PhoneVerifyField({ phone, verified, onChange, onReject, error }: Props) {
  const verify = () => {
    // Mock verification (spec §4): there is no SMS yet, pressing the button with a number counts as verified.
    if (!phone.trim()) return onReject(SIGNUP_MESSAGES.phoneMissing);
    onChange(phone, true);
  };

  return (
    <TextField
      label="전화번호"
      name="phone"
      type="tel"
      inputMode="numeric"
      autoComplete="tel"
      value={phone}
      // A changed number is a different number: it has to be verified again.
      onValue={(value) => onChange(value, false)}
      help={verified ? '인증 완료' : undefined}
      error={error}
      aside={
        <button type="button" className="button button--small button--ghost" onClick={verify}>
          인증
        </button>
      }
    />
  );
}
