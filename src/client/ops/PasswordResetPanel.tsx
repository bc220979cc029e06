import { useState } from 'react';
import type { z } from 'zod';
import type { PasswordResetLink } from '../../shared/password-reset';
import type { opsUser } from '../../shared/ops-contract';
import { errorMessage } from '../api/api-error';
import { formatDateTime } from '../lib/format-date';
import { FormError } from '../ui/FormError';
import { FieldFrame } from './FieldFrame';
import { opsFetch } from './ops-api';
import { RESET_PANEL_TEXTS as T } from './password-reset-texts';
import './password-reset-panel.css';

/**
 * 비밀번호 재설정 on a student's page: an operator who has checked who is asking issues a one-time link and hands it
 * over. The link is shown once (only its hash is stored): it lives in this component's state and nowhere else.
 */
export function PasswordResetPanel({ user }: { user: z.infer<typeof opsUser> }) {
  const [link, setLink] = useState<PasswordResetLink | null>(null);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState('');
  const [copyNote, setCopyNote] = useState('');

  async function issue() {
    if (sending) return;
    setSending(true);
    setFailure('');
    setCopyNote('');
    try {
      const issued = await opsFetch<PasswordResetLink>(`/api/ops/users/${user.id}/password-reset/`, { method: 'POST' });
      // A server without PUBLIC_URL answers the path alone: the link is on the console's own origin.
      setLink({ ...issued, url: new URL(issued.url, window.location.origin).href });
    } catch (err) {
      setLink(null);
      setFailure(errorMessage(err, T.failed));
    } finally {
      setSending(false);
    }
  }

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      setCopyNote(T.copied);
    } catch {
      setCopyNote(T.copyFailed);
    }
  }

  return (
    <section className="ops-section" aria-labelledby="ops-reset-title">
      <h2 id="ops-reset-title" className="ops-section__title">
        {T.title}
      </h2>
      <p className="ops-reset__lead">{user.withdrawn ? T.withdrawn : T.lead}</p>
      {!user.withdrawn && (
        <button type="button" className="button ops-reset__issue" aria-disabled={sending || undefined} onClick={() => void issue()}>
          {sending ? T.issuing : link ? T.issueAgain : T.issue}
        </button>
      )}
      <FormError message={failure} />
      {link && (
        <div className="ops-reset__link">
          <FieldFrame label={T.link} help={`${T.linkHelp} ${T.expires(formatDateTime(link.expires_at))}`}>
            {(control) => <input {...control} className="field__input" readOnly value={link.url} onFocus={(e) => e.target.select()} />}
          </FieldFrame>
          <button type="button" className="button button--ghost" onClick={() => void copy(link.url)}>
            {T.copy}
          </button>
          <p className="ops-reset__outcome" role="status">
            {copyNote}
          </p>
        </div>
      )}
    </section>
  );
}
