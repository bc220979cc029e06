import { useState, type FormEvent } from 'react';
import { errorMessage, fieldError } from '../api/api-error';
import { withdrawAccount } from '../api/mypage';
import { ModalDialog } from '../ui/ModalDialog';
import { TextField } from '../ui/TextField';
import { WITHDRAW_TEXTS as T } from './mypage-texts';
import { FormError } from '../ui/FormError';
import { SubmitButton } from '../ui/SubmitButton';
import './sheets.css';

interface Props {
  onCancel: () => void;
  /** Called with the server's confirmation once the account is closed. */
  onDone: (detail: string) => void;
}

/**
 * 회원 탈퇴: says exactly what will happen before anything does, then asks for the password. A wrong password is
 * answered as a field error and shown under the field; the dialog stays open to try again.
 */
export function WithdrawDialog({ onCancel, onDone }: Props) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);
  // While the request is out, nothing dismisses the dialog: its answer is shown in it.
  const cancel = () => !sending && onCancel();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    setError('');
    try {
      const { detail } = await withdrawAccount(password);
      onDone(detail);
    } catch (failure) {
      setError(fieldError(failure, 'password') ?? errorMessage(failure, T.failed));
      setSending(false);
    }
  };

  return (
    <ModalDialog onCancel={cancel} className="mypage-sheet" role="alertdialog" labelledBy="withdraw-title" describedBy="withdraw-effects">
      <form onSubmit={(e) => void submit(e)}>
        <h2 id="withdraw-title" className="modal__title">
          {T.title}
        </h2>
        <ul id="withdraw-effects" className="mypage-withdraw__effects">
          {T.effects.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <TextField
          label={T.password}
          type="password"
          autoComplete="current-password"
          value={password}
          aria-invalid={error ? true : undefined}
          onValue={setPassword}
          help={T.passwordHelp}
        />
        <FormError message={error} />
        <div className="modal__actions">
          <SubmitButton busy={sending} label={T.confirm} busyLabel={T.pending} className="button button--danger" />
          <button type="button" className="button button--ghost" onClick={onCancel} disabled={sending}>
            {T.cancel}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
