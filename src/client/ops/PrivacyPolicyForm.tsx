import { useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import type { opsPrivacyVersion } from '../../shared/privacy-contract';
import { PRIVACY_BODY_MAX } from '../../shared/privacy';
import { errorMessage, fieldError } from '../api/api-error';
import { FormError } from '../ui/FormError';
import { MarkdownText } from '../ui/MarkdownText';
import { SubmitButton } from '../ui/SubmitButton';
import { FieldFrame } from './FieldFrame';
import { opsFetch } from './ops-api';
import { OpsField } from './OpsField';
import { PRIVACY_POLICY_TEXTS as T } from './privacy-policy-texts';

type Version = z.infer<typeof opsPrivacyVersion>;
type Fields = { body?: string; effective_date?: string };

interface Props {
  /** The text to start from (the newest version), so an operator edits rather than retypes. */
  draft: string;
  /** Today in Seoul, YYYY-MM-DD: the earliest effective date the server takes. */
  today: string;
  /** After the server took it: the screen says so and reads the versions again (this form then starts afresh). */
  onPublished: (version: Version) => unknown;
}

/** Writes the next version in Markdown beside its preview, and publishes it from a date. What was typed survives a failure. */
export function PrivacyPolicyForm({ draft, today, onPublished }: Props) {
  const [body, setBody] = useState(draft);
  const [date, setDate] = useState(today);
  const [errors, setErrors] = useState<Fields>({});
  const [failure, setFailure] = useState('');
  const [sending, setSending] = useState(false);
  const bodyField = useRef<HTMLTextAreaElement>(null);
  const dateField = useRef<HTMLInputElement>(null);

  function showErrors(found: Fields) {
    setErrors(found);
    if (found.body) bodyField.current?.focus();
    else if (found.effective_date) dateField.current?.focus();
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (sending) return;
    setFailure('');
    const found: Fields = {};
    if (!body.trim()) found.body = T.bodyRequired;
    if (!date) found.effective_date = T.dateRequired;
    showErrors(found);
    if (found.body || found.effective_date) return;
    setSending(true);
    try {
      const published = await opsFetch<Version>('/api/ops/privacy/', { method: 'POST', json: { body, effective_date: date } });
      await onPublished(published);
    } catch (err) {
      // The server's words go beside the field they are about; anything else under the form.
      const fields: Fields = { body: fieldError(err, 'body'), effective_date: fieldError(err, 'effective_date') };
      showErrors(fields);
      if (!fields.body && !fields.effective_date) setFailure(errorMessage(err, T.failed));
    } finally {
      setSending(false);
    }
  }

  return (
    <section className="ops-section" aria-labelledby="ops-privacy-editor-title">
      <h2 id="ops-privacy-editor-title" className="ops-section__title">
        {T.editorTitle}
      </h2>
      <p className="ops-muted">{T.editorHelp}</p>
      <form className="ops-privacy-form" noValidate onSubmit={(e) => void submit(e)}>
        <div className="ops-privacy-form__panes">
          <FieldFrame label={T.body} help={T.bodyHelp} error={errors.body}>
            {(control) => (
              <textarea
                {...control}
                ref={bodyField}
                className="field__input field__input--multiline ops-privacy-form__body"
                rows={18}
                maxLength={PRIVACY_BODY_MAX}
                value={body}
                onChange={(e) => setBody(e.target.value)}
              />
            )}
          </FieldFrame>
          {/* It scrolls: it takes keyboard focus so someone without a pointer can scroll it too. */}
          <section className="ops-privacy-preview" aria-labelledby="ops-privacy-preview-title" tabIndex={0}>
            <h3 id="ops-privacy-preview-title" className="ops-privacy-preview__title">
              {T.preview}
            </h3>
            <MarkdownText text={body} className="ops-privacy-preview__body" />
          </section>
        </div>
        <OpsField label={T.effectiveDate} help={T.effectiveDateHelp} error={errors.effective_date} inputRef={dateField} type="date" min={today} value={date} onValue={setDate} />
        <FormError message={failure} />
        <SubmitButton busy={sending} label={T.publish} busyLabel={T.publishing} className="button ops-privacy-form__submit" />
      </form>
    </section>
  );
}
