import { useState } from 'react';
import { SIGNUP_MESSAGES } from '../lib/signup-validation';
import { TextField } from './TextField';

interface Props {
  phone: string;
  verified: boolean;
  /** Every change of the number or of its verification. */
  onChange: (phone: string, verified: boolean) => void;
  error?: string;
}

/** The phone number with its '인증' button, shared by /signup and /mypage/additional. */
export function PhoneVerifyField({ phone, verified, onChange, error }: Props) {
  // 인증 without a number is this field's own problem: said beside it (once), until the number is typed.
  const [refusal, setRefusal] = useState<string | null>(null);
  const verify = () => {
    // Mock verification (spec §4): there is no SMS yet, pressing the button with a number counts as verified.
    if (!phone.trim()) return setRefusal(SIGNUP_MESSAGES.phoneMissing);
    setRefusal(null);
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
      onValue={(value) => {
        setRefusal(null);
        onChange(value, false);
      }}
      help={verified ? '인증 완료' : undefined}
      error={refusal ?? error}
      aside={
        <button type="button" className="button button--small button--ghost" onClick={verify}>
          인증
        </button>
      }
    />
  );
}
