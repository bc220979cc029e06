import { useState, type FormEvent } from 'react';
import { PASSWORD_MIN } from '../../shared/constants';
import { errorMessage, fieldError } from '../api/api-error';
import { FormError } from '../ui/FormError';
import { SubmitButton } from '../ui/SubmitButton';
import { addOperator } from './operators-api';
import { OPERATORS_TEXTS as T } from './operators-texts';
import { OpsField } from './OpsField';

type Errors = { username?: string; password?: string; form?: string };

/**
 * 운영자 추가: a name and an initial password the admin tells the new operator (never shown back). The server's
 * rules are the CLI's (operator:add); a refused field keeps what was typed, with the reason under it.
 */
export function OperatorAddForm({ onAdded }: { onAdded: (username: string) => void }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const wanted = { username: username.trim(), password };
    if (!wanted.username || !wanted.password) return setErrors({ username: wanted.username ? undefined : T.required, password: wanted.password ? undefined : T.required });
    setBusy(true);
    setErrors({});
    try {
      await addOperator(wanted);
      setUsername('');
      setPassword('');
      onAdded(wanted.username);
    } catch (failure) {
      const found = { username: fieldError(failure, 'username'), password: fieldError(failure, 'password') };
      setErrors(found.username || found.password ? found : { form: errorMessage(failure, T.addFailed) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="operators-form" noValidate aria-labelledby="operator-add-title" onSubmit={(e) => void submit(e)}>
      <h2 className="operators-form__title" id="operator-add-title">
        {T.addTitle}
      </h2>
      <OpsField label={T.username} help={T.usernameHelp} value={username} autoComplete="off" error={errors.username} onValue={setUsername} />
      <OpsField label={T.initialPassword} help={T.initialPasswordHelp} type="password" minLength={PASSWORD_MIN} value={password} autoComplete="new-password" error={errors.password} onValue={setPassword} />
      <FormError message={errors.form} />
      <SubmitButton busy={busy} label={T.add} busyLabel={T.adding} className="button operators-form__submit" />
    </form>
  );
}
