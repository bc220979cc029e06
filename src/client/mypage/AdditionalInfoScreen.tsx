import { useAtomValue } from 'jotai';
import { useState, type FormEvent } from 'react';
import { useSWRConfig } from 'swr';
import { Link, useLocation } from 'wouter';
import { saveAdditionalInfo } from '../api/kakao';
import { useMyPageMain } from '../api/mypage';
import { MYPAGE_MAIN_PATH } from '../api/read-paths';
import { takeRedirectPath } from '../lib/redirect-path';
import { isLoggedInAtom } from '../state/session-atoms';
import { LoginRequiredModal } from '../ui/LoginRequiredModal';
import { PhoneVerifyField } from '../ui/PhoneVerifyField';
import { ScreenPage } from '../ui/ScreenPage';
import { StudentCardPicker } from '../ui/StudentCardPicker';
import { TextField } from '../ui/TextField';
import { useAlert } from '../ui/use-alert';
import { useFormErrors } from '../ui/use-form-errors';
import { additionalFieldValues, additionalProblems, ADDITIONAL_TEXTS as T, toAdditionalFormData } from './additional-form';
import { FormError } from '../ui/FormError';
import { SubmitButton } from '../ui/SubmitButton';
import './additional-info.css';

const SELF = '/mypage/additional';

/** /mypage/additional: school, phone and student card, which an account created through Kakao lacks. */
export default function AdditionalInfoScreen() {
  const loggedIn = useAtomValue(isLoggedInAtom);
  const [, navigate] = useLocation();
  const showAlert = useAlert();
  const { mutate } = useSWRConfig();
  const { data: profile } = useMyPageMain(loggedIn);
  const [school, setSchool] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState({ phone: '', verified: false });
  const [studentCard, setStudentCard] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const values = { school, email, phone: phone.phone, phoneVerified: phone.verified, studentCard };
  // As on /signup: each error once, beside its field; only what belongs to no field is the form's message.
  const { setForm, ...form } = useFormErrors(additionalProblems(values), additionalFieldValues(values));

  // Never rejects: every failure is shown in the form, so the form's handler may drop the promise.
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !form.ready()) return;
    setBusy(true);
    try {
      await saveAdditionalInfo(toAdditionalFormData(values));
      void mutate(MYPAGE_MAIN_PATH); // my page and this screen now see the account as complete
      await showAlert(T.success);
      const next = takeRedirectPath();
      navigate(next && next !== SELF ? next : '/', { replace: true });
    } catch (error) {
      form.failed(error, T.failed);
      setBusy(false);
    }
  };

  if (profile?.is_additional_info_provided && !busy) {
    return (
      <ScreenPage title={T.title} back>
        <div className="additional">
          <p className="additional__done">{T.done}</p>
          <Link href="/" className="button">
            {T.goHome}
          </Link>
        </div>
      </ScreenPage>
    );
  }

  return (
    <ScreenPage title={T.title} back>
      <form ref={setForm} className="additional" onSubmit={(e) => void submit(e)} noValidate>
        <p className="additional__intro">{T.intro}</p>
        <TextField label="학교" name="school" autoComplete="organization" value={school} onValue={setSchool} error={form.errors.school} />
        <PhoneVerifyField phone={phone.phone} verified={phone.verified} onChange={(value, verified) => setPhone({ phone: value, verified })} error={form.errors.phone} />
        <TextField label={T.emailOptional} name="email" type="email" autoComplete="email" value={email} onValue={setEmail} error={form.errors.email} />
        <StudentCardPicker file={studentCard} onChange={setStudentCard} error={form.errors.student_card_image} />
        <FormError message={form.message} />
        <SubmitButton busy={busy} label={T.submit} busyLabel={T.saving} />
      </form>
      {!loggedIn && <LoginRequiredModal onClose={() => navigate('/', { replace: true })} />}
    </ScreenPage>
  );
}
