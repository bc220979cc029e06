import { useAtomValue } from 'jotai';
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { useProfile } from '../api/profile-edit';
import { isLoggedInAtom } from '../state/session-atoms';
import { LoginRequiredModal } from '../ui/LoginRequiredModal';
import { ScreenPage } from '../ui/ScreenPage';
import { TextField } from '../ui/TextField';
import { AvatarPicker } from './AvatarPicker';
import { useFormErrors } from '../ui/use-form-errors';
import { INTRO_MAX, passwordProblems, PROFILE_TEXTS as T } from './profile-rules';
import { useProfileSave } from './use-profile-save';
import { FormError } from '../ui/FormError';
import { SubmitButton } from '../ui/SubmitButton';
import './profile-edit.css';

export default function ProfileEditScreen() {
  const loggedIn = useAtomValue(isLoggedInAtom);
  const [, navigate] = useLocation();
  const [needsLogin, setNeedsLogin] = useState(false);
  const { data: profile } = useProfile(loggedIn);
  const { save, saving } = useProfileSave(() => setNeedsLogin(true));
  const [password, setPassword] = useState('');
  const [password2, setPassword2] = useState('');
  // null until the student types: the saved intro shows as soon as it loads, without an effect copying it in.
  const [intro, setIntro] = useState<string | null>(null);
  const [photo, setPhoto] = useState<File | null>(null);
  const shownIntro = intro ?? profile?.intro ?? '';
  // Each error once: a password's beside it, a refused save on the form's line, a refused photo beside the photo.
  const { setForm, ...form } = useFormErrors(passwordProblems(password, password2), { new_password: password, new_password2: password2 });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!loggedIn) return setNeedsLogin(true);
    void save({ password, password2, intro: shownIntro, photo }, form);
  };

  return (
    <ScreenPage title={T.title} back>
      <form ref={setForm} className="profile-edit" onSubmit={submit} noValidate>
        <AvatarPicker current={profile?.profile_image} onChange={setPhoto} />
        <TextField label={T.newPassword} type="password" autoComplete="new-password" value={password} onValue={setPassword} help={T.passwordHelp} error={form.errors.new_password} />
        <TextField label={T.newPassword2} type="password" autoComplete="new-password" value={password2} onValue={setPassword2} error={form.errors.new_password2} />
        <TextField label={T.intro} value={shownIntro} onValue={setIntro} maxLength={INTRO_MAX} placeholder={T.introPlaceholder} />
        <FormError message={form.message} />
        <SubmitButton busy={saving} label={T.save} busyLabel={T.saving} />
        <Link href="/mypage/extra" className="profile-edit__extra">
          {T.extraLink} ›
        </Link>
      </form>
      {(needsLogin || !loggedIn) && <LoginRequiredModal onClose={() => navigate('/', { replace: true })} />}
    </ScreenPage>
  );
}
