import { useState, type FormEvent } from 'react';
import { Link, useSearch } from 'wouter';
import { PASSWORD_FORGOT_PATH } from '../../shared/password-reset-paths';
import { ApiError } from '../api/api-error';
import { resetPassword } from '../api/password-reset';
import { useLogout } from '../state/use-session-actions';
import { FormError } from '../ui/FormError';
import { SubmitButton } from '../ui/SubmitButton';
import { TextField } from '../ui/TextField';
import { APP_NAME } from '../ui/texts';
import { useAlert } from '../ui/use-alert';
import { useFormErrors } from '../ui/use-form-errors';
import { RESET_TEXTS as T, resetProblems } from './password-reset-texts';
import './auth.css';

/**
 * The page a reset link opens (/password-reset?token=…): the student sets a new password. On success every session
 * of the account has ended on the server, this browser's too, so its tokens are cleared and the student signs in
 * again with the new password.
 */
export default function PasswordResetScreen() {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const showAlert = useAlert();
  const logout = useLogout();
  const [password, setPassword] = useState('');
  const [password2, setPassword2] = useState('');
  const [busy, setBusy] = useState(false);
  // The link itself was refused (spent, replaced, expired): no password will do, only a new link.
  const [dead, setDead] = useState(!token);
  // Each error once (issue 30): a short or mismatched password beside its field only; a failure of the save on the form.
  const { setForm, ...form } = useFormErrors(resetProblems(password, password2), { new_password: password, new_password2: password2 });

  // Never rejects: every failure is shown in the form.
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !form.ready()) return;
    setBusy(true);
    try {
      const { detail } = await resetPassword(token, password, password2);
      await showAlert(detail);
      logout('/login');
    } catch (err) {
      const linkRefused = err instanceof ApiError && err.status === 400 && err.message === T.linkInvalid;
      if (linkRefused) setDead(true);
      else form.failed(err, T.saveFailed);
      setBusy(false);
    }
  };

  return (
    <section className="auth">
      <p className="auth__brand">{APP_NAME}</p>
      <h1 className="auth__title">{T.resetTitle}</h1>
      {dead ? (
        <div className="auth__notice">
          <p className="error-text" role="alert">
            {T.linkInvalid}
          </p>
          <Link href={PASSWORD_FORGOT_PATH} className="button">
            {T.newLink}
          </Link>
        </div>
      ) : (
        <form ref={setForm} className="auth__form" onSubmit={(e) => void submit(e)} noValidate>
          <p className="note">{T.resetLead}</p>
          <TextField
            label={T.newPassword}
            name="new_password"
            type="password"
            autoComplete="new-password"
            value={password}
            onValue={setPassword}
            help={T.passwordHelp}
            error={form.errors.new_password}
          />
          <TextField
            label={T.newPassword2}
            name="new_password2"
            type="password"
            autoComplete="new-password"
            value={password2}
            onValue={setPassword2}
            error={form.errors.new_password2}
          />
          <FormError message={form.message} reserve />
          <SubmitButton busy={busy} label={T.save} busyLabel={T.saving} />
        </form>
      )}
      <p className="auth__link-row">
        <Link href="/login">{T.backToLogin}</Link>
      </p>
    </section>
  );
}
