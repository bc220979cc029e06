import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { login } from '../api/auth';
import { takeRedirectPath } from '../lib/redirect-path';
import { useSignIn } from '../state/use-session-actions';
import { TextField } from '../ui/TextField';
import type { FieldProblem } from '../ui/use-field-errors';
import { API_MESSAGES } from '../../shared/api-messages';
import { APP_NAME, LOGIN_MODAL_TEXTS } from '../ui/texts';
import { useFormErrors } from '../ui/use-form-errors';
import { useAlert } from '../ui/use-alert';
import { FormError } from '../ui/FormError';
import { SubmitButton } from '../ui/SubmitButton';
import { PASSWORD_FORGOT_PATH } from '../../shared/password-reset-paths';
import { RESET_TEXTS } from './password-reset-texts';
import './auth.css';

const T = {
  title: '로그인',
  username: '아이디',
  password: '비밀번호',
  submit: '로그인',
  busy: '로그인 중...',
  required: '아이디와 비밀번호를 입력해 주세요.',
  failed: '아이디 또는 비밀번호가 일치하지 않습니다.',
  success: '로그인 성공.',
  noAccount: '아직 회원이 아니신가요?',
  signup: '회원가입',
  privacy: '개인정보 처리방침',
} as const;

type LoginField = 'username' | 'password';

function loginProblems(username: string, password: string): FieldProblem<LoginField>[] {
  const missing = (field: LoginField) => ({ field, text: API_MESSAGES.required, summary: T.required });
  return [...(username.trim() ? [] : [missing('username')]), ...(password ? [] : [missing('password')])];
}

export default function LoginScreen() {
  const [, navigate] = useLocation();
  const showAlert = useAlert();
  const signIn = useSignIn();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  // Each error once: 필수 항목입니다. beside a blank field (the pair named once on the form), a refusal on the form only.
  const { setForm, ...form } = useFormErrors(loginProblems(username, password), { username, password });

  // Never rejects: every failure is shown in the form, so the form's handler may drop the promise.
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !form.ready()) return;
    setBusy(true);
    try {
      const tokens = await login({ username: username.trim(), password });
      await signIn(tokens);
      await showAlert(T.success);
      navigate(takeRedirectPath() ?? '/', { replace: true });
    } catch (error) {
      form.failed(error, T.failed);
      setBusy(false);
    }
  };

  return (
    <section className="auth">
      <p className="auth__brand">{APP_NAME}</p>
      <h1 className="auth__title">{T.title}</h1>
      <form ref={setForm} className="auth__form" onSubmit={(e) => void submit(e)} noValidate>
        <TextField label={T.username} name="username" autoComplete="username" autoCapitalize="none" value={username} onValue={setUsername} error={form.errors.username} />
        <TextField
          label={T.password}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onValue={setPassword}
          error={form.errors.password}
        />
        <FormError message={form.message} reserve />
        <SubmitButton busy={busy} label={T.submit} busyLabel={T.busy} />
      </form>
      <button type="button" className="button button--kakao auth__kakao" onClick={() => navigate('/kakao-login')}>
        {LOGIN_MODAL_TEXTS.kakao}
      </button>
      <p className="auth__link-row">
        <Link href={PASSWORD_FORGOT_PATH}>{RESET_TEXTS.forgotLink}</Link>
      </p>
      <p className="auth__switch">
        {T.noAccount} <Link href="/signup">{T.signup}</Link>
      </p>
      <p className="auth__privacy">
        <Link href="/privacy">{T.privacy}</Link>
      </p>
    </section>
  );
}
