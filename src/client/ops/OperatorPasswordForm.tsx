import { useState, type FormEvent } from 'react';
import { PASSWORD_MIN } from '../../shared/constants';
import { errorMessage, fieldError } from '../api/api-error';
import { FormError } from '../ui/FormError';
import { SubmitButton } from '../ui/SubmitButton';
import { resetOperatorPassword } from './operators-api';
import { OPERATORS_TEXTS as T } from './operators-texts';
import { OpsField } from './OpsField';

interface Props {
  username: string;
  onSaved: () => void;
  onCancel: () => void;
}

/** The admin types the operator's new password (and tells them): the console never shows a password it made. */
export function OperatorPasswordForm({ username, onSaved, onCancel }: Props) {
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ password?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!password) return setErrors({ password: T.required });
    setBusy(true);
    setErrors({});
    try {
      await resetOperatorPassword(username, password);
      onSaved();
    } catch (failure) {
      const field = fieldError(failure, 'password');
      setErrors(field ? { password: field } : { form: errorMessage(failure, T.actionFailed) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="operators-form" noValidate aria-labelledby="operator-password-title" onSubmit={(e) => void submit(e)}>
      <h2 className="operators-form__title" id="operator-password-title">
        {T.resetTitle(username)}
      </h2>
      <OpsField label={T.newPassword} help={T.newPasswordHelp} type="password" minLength={PASSWORD_MIN} value={password} autoComplete="new-password" autoFocus error={errors.password} onValue={setPassword} />
      <FormError message={errors.form} />
      <div className="operators-form__actions">
        <SubmitButton busy={busy} label={T.savePassword} busyLabel={T.savingPassword} className="button operators-form__submit" />
        <button type="button" className="button button--ghost operators-form__submit" onClick={onCancel}>
          {T.cancel}
        </button>
      </div>
    </form>
  );
}
