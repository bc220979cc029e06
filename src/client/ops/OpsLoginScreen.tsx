import { useState, type FormEvent } from 'react';
import { errorMessage } from '../api/api-error';
import { FormError } from '../ui/FormError';
import { SubmitButton } from '../ui/SubmitButton';
import { TextField } from '../ui/TextField';
import { opsFetch } from './ops-api';
import { type OpsSession, setOpsSession } from './ops-session';
import { OPS_TEXTS as T } from './ops-texts';

interface LoginAnswer {
  token: string;
  operator: OpsSession['operator'];
}

/** The console's own sign-in: operator accounts, never a student's. */
export function OpsLoginScreen() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // Never rejects: a failure is shown beside the button.
  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setMessage(null);
    try {
      const answer = await opsFetch<LoginAnswer>('/api/ops/auth/login/', { method: 'POST', json: { username, password } });
      setOpsSession({ token: answer.token, operator: answer.operator });
    } catch (error) {
      setMessage(errorMessage(error, T.loginFailed));
      setBusy(false);
    }
  }

  return (
    <main className="ops-login">
      <h1 className="ops-login__title">{T.loginTitle}</h1>
      <form className="ops-login__form" onSubmit={(e) => void submit(e)} noValidate>
        <TextField label={T.username} name="username" autoComplete="username" autoCapitalize="none" value={username} onValue={setUsername} />
        <TextField label={T.password} name="password" type="password" autoComplete="current-password" value={password} onValue={setPassword} />
        <FormError message={message} reserve />
        <SubmitButton busy={busy} label={T.login} busyLabel={T.loggingIn} />
      </form>
    </main>
  );
}
