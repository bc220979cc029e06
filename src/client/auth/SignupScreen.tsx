import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { ApiError } from '../api/api-error';
import { signup } from '../api/auth';
import { usePrivacyPolicy } from '../api/privacy-policy';
import { PRIVACY_CHANGED_CODE } from '../../shared/privacy';
import { APP_NAME } from '../ui/texts';
import { useAlert } from '../ui/use-alert';
import { SIGNUP_MESSAGES as M } from '../lib/signup-validation';
import { PhoneVerifyField } from '../ui/PhoneVerifyField';
import { StudentCardPicker } from '../ui/StudentCardPicker';
import { TextField } from '../ui/TextField';
import { CheckboxField } from '../ui/CheckboxField';
import { useFormErrors } from '../ui/use-form-errors';
import { clearSignupDraft, readSignupDraft, saveSignupDraft, signupFieldValues, signupProblems, toSignupFormData, type SignupDraft } from './signup-form';
import { FormError } from '../ui/FormError';
import { SubmitButton } from '../ui/SubmitButton';
import './auth.css';

const PASSWORD_HELP = '영문, 숫자, 특수문자를 섞어 8자 이상으로 만들어 주세요.';
const POLICY = {
  read: '개인정보 처리방침 보기',
  version: (n: number) => `버전 ${n}`,
  unavailable: '개인정보 처리방침을 불러오지 못했습니다. 잠시 후 다시 시도해 주세요.',
} as const;

/** The server refused the consent: the policy changed after this form loaded it. */
const policyChanged = (error: unknown) => error instanceof ApiError && error.status === 409 && (error.body as { code?: unknown } | null)?.code === PRIVACY_CHANGED_CODE;

export default function SignupScreen() {
  const [, navigate] = useLocation();
  const showAlert = useAlert();
  const [draft, setDraft] = useState<SignupDraft>(readSignupDraft);
  const [password, setPassword] = useState('');
  const [password2, setPassword2] = useState('');
  const [studentCard, setStudentCard] = useState<File | null>(null);
  const [agreed, setAgreed] = useState(false);
  const [busy, setBusy] = useState(false);
  // The version shown is the version agreed to (the server records it, and refuses one no longer in effect).
  const policy = usePrivacyPolicy();
  const policyNote = useId();
  const values = { ...draft, password, password2, studentCard, agreed };
  // Each error once: beside its field, and only what belongs to no field as the form's message (no alert).
  const { setForm, ...form } = useFormErrors(signupProblems(values), signupFieldValues(values));
  const e = form.errors;

  useEffect(() => saveSignupDraft(draft), [draft]);

  const set = (key: Exclude<keyof SignupDraft, 'phone' | 'phoneVerified'>) => (value: string) =>
    setDraft((d) => ({ ...d, [key]: value }));

  const setPhone = (phone: string, phoneVerified: boolean) => setDraft((d) => ({ ...d, phone, phoneVerified }));

  // Never rejects: every failure is shown in the form, so the form's handler may drop the promise.
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !form.ready()) return;
    if (!policy.data) {
      void policy.mutate();
      return form.say(POLICY.unavailable);
    }
    setBusy(true);
    try {
      await signup(toSignupFormData(values, policy.data.version));
      clearSignupDraft();
      await showAlert(M.success);
      navigate('/login', { replace: true });
    } catch (error) {
      if (policyChanged(error)) {
        // Consent is to the text read: the new one is loaded and the box asks again.
        setAgreed(false);
        void policy.mutate();
      }
      form.failed(error, M.failed);
      setBusy(false);
    }
  };

  return (
    <section className="auth">
      <p className="auth__brand">{APP_NAME}</p>
      <h1 className="auth__title">회원가입</h1>
      <form ref={setForm} className="auth__form" onSubmit={(event) => void submit(event)} noValidate>
        <h2 className="auth__section">기본정보</h2>
        <TextField label="이름" name="name" autoComplete="name" value={draft.name} onValue={set('name')} error={e.name} />
        <TextField
          label="아이디"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          value={draft.username}
          onValue={set('username')}
          error={e.username}
        />
        <TextField
          label="비밀번호"
          name="password"
          type="password"
          autoComplete="new-password"
          value={password}
          onValue={setPassword}
          help={PASSWORD_HELP}
          error={e.password}
        />
        <TextField
          label="비밀번호 확인"
          name="password2"
          type="password"
          autoComplete="new-password"
          value={password2}
          onValue={setPassword2}
          error={e.password2}
        />

        <h2 className="auth__section">추가정보</h2>
        <TextField label="이메일" name="email" type="email" autoComplete="email" value={draft.email} onValue={set('email')} error={e.email} />
        <PhoneVerifyField phone={draft.phone} verified={draft.phoneVerified} onChange={setPhone} error={e.phone} />
        <TextField label="학교" name="school" autoComplete="organization" value={draft.school} onValue={set('school')} error={e.school} />
        <StudentCardPicker file={studentCard} onChange={setStudentCard} error={e.student_card_image} />

        <CheckboxField className="consent" label="개인정보 처리방침에 동의합니다." name="agreed" checked={agreed} onChecked={setAgreed} error={e.agreed} describedBy={policyNote} />
        <p className="consent__policy" id={policyNote}>
          <Link href="/privacy" className="consent__link">
            {POLICY.read}
          </Link>
          {policy.data && (
            <>
              {' '}
              <span className="consent__version">{POLICY.version(policy.data.version)}</span>
            </>
          )}
        </p>
        <FormError message={form.message} reserve />
        <SubmitButton busy={busy} label={'가입하기'} busyLabel={'가입 중...'} />
      </form>
      <p className="auth__switch">
        이미 회원이신가요? <Link href="/login">로그인</Link>
      </p>
    </section>
  );
}
