import { useAtomValue } from 'jotai';
import { useId, useState, type FormEvent } from 'react';
import { useParams } from 'wouter';
import defaultAvatar from '../../../assets/images/default-avatar.svg';
import { REPORT_CATEGORIES, REPORT_CATEGORY_LABELS, type ReportCategory } from '../../shared/community';
import { ApiError, errorMessage } from '../api/api-error';
import { submitReport } from '../api/report';
import { readReportNavState } from '../lib/report-nav-state';
import { isLoggedInAtom } from '../state/session-atoms';
import { Img } from '../ui/Img';
import { LoginRequiredModal } from '../ui/LoginRequiredModal';
import { ScreenPage } from '../ui/ScreenPage';
import { useGoBack } from '../ui/use-go-back';
import { FieldError, fieldAria } from '../ui/FormError';
import { useFieldErrors } from '../ui/use-field-errors';
import { CONTENT_MAX, REPORT_TEXTS as T, reportProblems } from './report-texts';
import { useToast } from './use-toast';
import '../ui/field.css';
import './report.css';

export default function ReportScreen() {
  const { userId } = useParams<{ userId: string }>();
  const loggedIn = useAtomValue(isLoggedInAtom);
  const goBack = useGoBack('/');
  const [nav] = useState(readReportNavState);
  const [category, setCategory] = useState<ReportCategory | ''>('');
  const [content, setContent] = useState('');
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const [needsLogin, setNeedsLogin] = useState(false);
  const { toast, show } = useToast();
  const ids = useId();
  const fail = (text: string) => show({ text, kind: 'error' });
  const { setForm, ...fields } = useFieldErrors(reportProblems(category, content), { category, content });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending || sent) return;
    // Spec §5 "Report", in its order; each problem is an error toast and nothing is sent.
    const problem = fields.check();
    if (problem || !category) return fail(problem ?? T.categoryMissing);
    if (!nav.partyId) return fail(T.partyMissing);
    setSending(true);
    try {
      await submitReport({ party: nav.partyId, reported_user: Number(userId), category, content: content.trim() });
      setSent(true);
      show({ text: T.done, kind: 'success' }, goBack);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) setNeedsLogin(true);
      else {
        fields.fromServer(error);
        fail(errorMessage(error, T.failed));
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <ScreenPage title={T.title} back>
      <form ref={setForm} className="report" onSubmit={(e) => void submit(e)} noValidate>
        <div className="report__who">
          <Img className="avatar avatar--outlined report__photo" src={nav.photo} fallback={defaultAvatar} alt={T.photoAlt} />
          <strong className="report__name">{nav.name ?? T.unknownName}</strong>
        </div>
        <p className="note report__lead">{T.lead}</p>
        <label className="report__label" htmlFor={`${ids}-category`}>
          {T.category}
        </label>
        <select
          id={`${ids}-category`}
          className="field__input field__input--select report__input"
          value={category}
          {...fieldAria(`${ids}-category-error`, fields.errors.category)}
          onChange={(e) => setCategory(e.target.value as ReportCategory | '')}
        >
          <option value="">{T.categoryPlaceholder}</option>
          {REPORT_CATEGORIES.map((value) => (
            <option key={value} value={value}>
              {REPORT_CATEGORY_LABELS[value]}
            </option>
          ))}
        </select>
        <FieldError id={`${ids}-category-error`} error={fields.errors.category} />
        <label className="report__label" htmlFor={`${ids}-content`}>
          {T.content}
        </label>
        <textarea
          id={`${ids}-content`}
          className="field__input field__input--multiline report__input"
          rows={6}
          maxLength={CONTENT_MAX}
          placeholder={T.contentPlaceholder}
          value={content}
          {...fieldAria(`${ids}-content-error`, fields.errors.content)}
          onChange={(e) => setContent(e.target.value)}
        />
        <FieldError id={`${ids}-content-error`} error={fields.errors.content} />
        <div className="report__toast-area" role="status" aria-live="polite">
          {toast && <p className={`report__toast report__toast--${toast.kind}`}>{toast.text}</p>}
        </div>
        <button type="submit" className="button" disabled={sending || sent}>
          {sending ? T.sending : T.submit}
        </button>
      </form>
      {(needsLogin || !loggedIn) && <LoginRequiredModal onClose={goBack} />}
    </ScreenPage>
  );
}
