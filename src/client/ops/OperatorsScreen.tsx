import { useState } from 'react';
import { errorMessage } from '../api/api-error';
import { formatDateTime } from '../lib/format-date';
import { ConfirmDialog } from './ConfirmDialog';
import { LoadState } from './LoadState';
import { OperatorAddForm } from './OperatorAddForm';
import { OperatorPasswordForm } from './OperatorPasswordForm';
import { type OperatorList, type OperatorRow, OPERATORS_PATH, setOperatorDisabled } from './operators-api';
import { OPERATORS_TEXTS as T } from './operators-texts';
import { getOpsSession } from './ops-session';
import { TableScroll } from './TableScroll';
import { useOpsData } from './use-ops-data';
import './operators.css';

type Notice = { text: string; failed?: boolean };

/**
 * /ops/operators (admins; issue 33 §5): every operator with their role, state and last sign-in; add one, disable
 * (their sessions end at once), enable, or set a new password. The server refuses a non-admin (403) and an admin
 * disabling themself (409), and says why here; the admin's own row offers neither disabling nor its confirmation.
 */
export function OperatorsScreen() {
  const { data, error, mutate } = useOpsData<OperatorList>(OPERATORS_PATH);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [disabling, setDisabling] = useState<OperatorRow | null>(null);
  const [resetting, setResetting] = useState<string | null>(null);
  const myId = getOpsSession()?.operator.id;

  async function done(text: string) {
    setNotice({ text });
    await mutate();
  }

  async function toggle(row: OperatorRow, disabled: boolean) {
    setDisabling(null);
    try {
      await setOperatorDisabled(row.username, disabled);
      await done(disabled ? T.disabled(row.username) : T.enabled(row.username));
    } catch (failure) {
      setNotice({ text: errorMessage(failure, T.actionFailed), failed: true });
    }
  }

  return (
    <>
      <h1 className="ops-page__title">{T.title}</h1>
      <p className="ops-muted operators__intro">{T.intro}</p>
      <p className={notice?.failed ? 'error-text' : 'status-text'} role="status">
        {notice?.text}
      </p>
      {!data ? (
        <LoadState error={error} retry={() => void mutate()} />
      ) : (
        <TableScroll label={T.table}>
          <table className="ops-table">
            <thead>
              <tr>
                <th scope="col">{T.username}</th>
                <th scope="col">{T.role}</th>
                <th scope="col">{T.created}</th>
                <th scope="col">{T.state}</th>
                <th scope="col">{T.lastSignIn}</th>
                <th scope="col">{T.actions}</th>
              </tr>
            </thead>
            <tbody>
              {data.results.map((row) => (
                <tr key={row.id}>
                  <th scope="row">
                    {row.username} {row.id === myId && T.you}
                  </th>
                  <td>{row.is_admin ? T.admin : T.member}</td>
                  <td>{formatDateTime(row.created_at)}</td>
                  <td>{row.disabled_at ? T.disabledSince(formatDateTime(row.disabled_at)) : T.active}</td>
                  <td>{row.last_signed_in_at ? formatDateTime(row.last_signed_in_at) : T.neverSignedIn}</td>
                  <td className="operators__actions">
                    {row.disabled_at ? (
                      <button type="button" className="button button--small button--ghost" aria-label={`${row.username} ${T.enable}`} onClick={() => void toggle(row, false)}>
                        {T.enable}
                      </button>
                    ) : (
                      row.id !== myId && (
                        <button type="button" className="button button--small ops-button--danger" aria-label={`${row.username} ${T.disable}`} onClick={() => setDisabling(row)}>
                          {T.disable}
                        </button>
                      )
                    )}
                    <button type="button" className="button button--small button--ghost" aria-label={`${row.username} ${T.resetPassword}`} onClick={() => setResetting(row.username)}>
                      {T.resetPassword}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {resetting && (
        <OperatorPasswordForm
          key={resetting}
          username={resetting}
          onCancel={() => setResetting(null)}
          onSaved={() => {
            setResetting(null);
            void done(T.passwordSaved(resetting));
          }}
        />
      )}
      {data && <OperatorAddForm onAdded={(username) => void done(T.added(username))} />}
      {disabling && (
        <ConfirmDialog
          title={T.disableTitle(disabling.username)}
          body={T.disableBody}
          confirmLabel={T.disable}
          cancelLabel={T.cancel}
          onConfirm={() => void toggle(disabling, true)}
          onCancel={() => setDisabling(null)}
        />
      )}
    </>
  );
}
