import { type FormEvent, useId, useState } from 'react';
import { useSWRConfig } from 'swr';
import { Link } from 'wouter';
import { API_MESSAGES } from '../../shared/api-messages';
import type { MyPageMain } from '../../shared/mypage';
import { sendStudentCard } from '../api/mypage';
import { MYPAGE_MAIN_PATH } from '../api/read-paths';
import { FormError } from '../ui/FormError';
import { StudentCardPicker } from '../ui/StudentCardPicker';
import { SubmitButton } from '../ui/SubmitButton';
import { useFormErrors } from '../ui/use-form-errors';
import { VERIFICATION_TEXTS as T } from './mypage-texts';

/**
 * Where the student card stands, for a student who may not join yet (an approved one sees only the badge beside
 * the name): waiting for an operator, or rejected with the operator's reason and a new card to send. A Kakao
 * account without its details is sent to /mypage/additional, which takes the card with school and phone.
 */
export function VerificationPanel({ main }: { main: MyPageMain }) {
  const id = useId();
  const status = main.verification_status;
  if (status === 'approved') return null;

  let title: string;
  let body;
  if (status === 'pending') {
    title = T.pendingTitle;
    body = <p className="note">{T.pendingBody}</p>;
  } else if (status === 'unsubmitted' && !main.is_additional_info_provided) {
    title = T.unsubmittedTitle;
    body = (
      <>
        <p className="note">{T.additionalBody}</p>
        <Link href="/mypage/additional" className="button button--ghost">
          {T.additionalLink}
        </Link>
      </>
    );
  } else {
    title = status === 'rejected' ? T.rejectedTitle : T.unsubmittedTitle;
    body = (
      <>
        {status === 'rejected' && (
          <p className="note">
            <strong>{T.reason}: </strong>
            <span>{main.verification_reason}</span>
            <br />
            {T.rejectedBody}
          </p>
        )}
        {status === 'unsubmitted' && <p className="note">{T.unsubmittedBody}</p>}
        <NewCardForm label={status === 'rejected' ? T.resend : T.send} />
      </>
    );
  }

  return (
    <section className="mypage-verification" aria-labelledby={`${id}-title`}>
      {/* A live region: when a new card is sent the panel turns to "확인 중", and a screen reader says so. */}
      <div role="status">
        <h2 id={`${id}-title`} className="mypage-verification__title">
          {title}
        </h2>
      </div>
      {body}
    </section>
  );
}

function NewCardForm({ label }: { label: string }) {
  const { mutate } = useSWRConfig();
  const [card, setCard] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  // Each error once: about the photo (none, or the server refused it) beside the box, anything else above the button.
  const { setForm, ...form } = useFormErrors(card ? [] : [{ field: 'student_card_image', text: API_MESSAGES.studentCardMissing }], { student_card_image: card });

  // Never rejects: every failure is shown in the form.
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !form.ready() || !card) return; // ready() is false without a card: it is said beside the box
    setBusy(true);
    try {
      const sent = await sendStudentCard(card);
      // My page turns to "확인 중" at once with the server's answer, then reads the rest again.
      await mutate<MyPageMain>(MYPAGE_MAIN_PATH, (current) => current && { ...current, verification_status: sent.verification_status, verification_reason: null });
    } catch (error) {
      form.failed(error, T.failed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={setForm} className="mypage-verification__form" onSubmit={(e) => void submit(e)} noValidate>
      <StudentCardPicker file={card} onChange={setCard} error={form.errors.student_card_image} />
      <FormError message={form.message} />
      <SubmitButton busy={busy} label={label} busyLabel={T.sending} />
    </form>
  );
}
