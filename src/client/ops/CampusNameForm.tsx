import { useState, type FormEvent } from 'react';
import type { CampusSettings } from '../../shared/campus';
import { CAMPUS_NAME_MAX } from '../../shared/campus-upload';
import { errorMessage, fieldError } from '../api/api-error';
import { FormError } from '../ui/FormError';
import { SubmitButton } from '../ui/SubmitButton';
import { saveCampusNames } from './campus-api';
import { CAMPUS_TEXTS as T } from './campus-texts';
import { OpsField } from './OpsField';

interface Props {
  campus: CampusSettings;
  onSaved: (campus: CampusSettings, notice: string) => void;
}

/** The school's and the campus's names; a refused one stays in its field with the server's reason under it. */
export function CampusNameForm({ campus, onSaved }: Props) {
  const [school, setSchool] = useState(campus.school);
  const [campusName, setCampusName] = useState(campus.campus_name);
  const [errors, setErrors] = useState<{ school?: string; campus_name?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const wanted = { school: school.trim(), campus_name: campusName.trim() };
    if (!wanted.school) return setErrors({ school: T.schoolRequired });
    if (wanted.school === campus.school && wanted.campus_name === campus.campus_name) return setErrors({ form: T.unchanged });
    setBusy(true);
    setErrors({});
    try {
      onSaved(await saveCampusNames(wanted), T.namesSaved);
    } catch (failure) {
      const found = { school: fieldError(failure, 'school'), campus_name: fieldError(failure, 'campus_name') };
      setErrors(found.school || found.campus_name ? found : { form: errorMessage(failure, T.namesFailed) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="campus-form" noValidate aria-labelledby="campus-names-title" onSubmit={(e) => void submit(e)}>
      <h2 className="campus-section__title" id="campus-names-title">
        {T.namesTitle}
      </h2>
      <OpsField label={T.school} help={T.schoolHelp} value={school} maxLength={CAMPUS_NAME_MAX} autoComplete="organization" error={errors.school} onValue={setSchool} />
      <OpsField label={T.campusName} help={T.campusNameHelp} value={campusName} maxLength={CAMPUS_NAME_MAX} autoComplete="off" error={errors.campus_name} onValue={setCampusName} />
      {errors.form && <FormError message={errors.form} />}
      <SubmitButton busy={busy} label={T.saveNames} busyLabel={T.saving} className="button campus-button" />
    </form>
  );
}
