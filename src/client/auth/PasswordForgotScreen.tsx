import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { requestResetEmail, usePasswordResetOptions } from '../api/password-reset';
import { FormError } from '../ui/FormError';
import { SubmitButton } from '../ui/SubmitButton';
import { TextField } from '../ui/TextField';
import { APP_NAME, COMMON_TEXTS } from '../ui/texts';
import { useFormErrors } from '../ui/use-form-errors';
import { RESET_TEXTS as T } from './password-reset-texts';
import './auth.css';

/**
 * 비밀번호 찾기: the student gives the signup email and the server emails a one-time link. The answer is the same
 * whether or not an account has the address, so the screen only ever says "if there is one, it was sent". A server
 * without SMTP sends nothing: the screen says to ask an operator, who issues the link in the console.
 */
export default function PasswordForgotScreen() {
  const { data: options, error, mutate } = usePasswordResetOptions();
  return (
    <section className="auth">
      <p className="auth__brand">{APP_NAME}</p>
      <h1 className="auth__title">{T.forgotTitle}</h1>
      {options?.by_email ? (
        <EmailForm />
      ) : options ? (
        <div className="auth__notice">
          <p className="note" role="status">
            {T.askOperator}
          </p>
          <p className="note">{T.askOperatorHow}</p>
        </div>
      ) : error ? (
        <div className="auth__notice">
          <p className="error-text" role="alert">
            {T.optionsFailed}
          </p>
          <button type="button" className="button button--ghost" onClick={() => void mutate()}>
            {T.retry}
          </button>
        </div>
      ) : (
        <p className="status-text">{COMMON_TEXTS.loading}</p>
      )}
      <p className="auth__link-row">
        <Link href="/login">{T.backToLogin}</Link>
      </p>
    </section>
  );
}

function EmailForm() {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState('');
  // Each error once (issue 30): a blank or refused email beside the field only; what belongs to no field on the form.
  const problems = email.trim() ? [] : [{ field: 'email' as const, text: T.emailRequired }];
  const { setForm, ...form } = useFormErrors(problems, { email });

  // Never rejects: every failure is shown in the form.
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setSent('');
    if (!form.ready()) return;
    setBusy(true);
    try {
      setSent((await requestResetEmail(email.trim())).detail);
    } catch (err) {
      form.failed(err, T.sendFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={setForm} className="auth__form" onSubmit={(e) => void submit(e)} noValidate>
      <p className="note">{T.forgotLead}</p>
      <TextField label={T.email} name="email" type="email" autoComplete="email" autoCapitalize="none" value={email} onValue={setEmail} error={form.errors.email} />
      <FormError message={form.message} reserve />
      <SubmitButton busy={busy} label={T.send} busyLabel={T.sending} />
      <p className="auth__sent" role="status">
        {sent}
      </p>
    </form>
  );
}
