import { useId, useState, type FormEvent } from 'react';
import builtInOverview from '../../../assets/map/campus.webp';
import { campusTitle, type CampusSettings } from '../../shared/campus';
import { CAMPUS_MAP_FILES, CAMPUS_MESSAGES, type CampusMapFile } from '../../shared/campus-upload';
import { errorMessage, fieldError } from '../api/api-error';
import { FieldError, fieldAria, FormError } from '../ui/FormError';
import { SubmitButton } from '../ui/SubmitButton';
import { IMAGE_ACCEPT, useImagePick } from '../ui/use-image-pick';
import { resetCampusMap, uploadCampusMap } from './campus-api';
import { CAMPUS_TEXTS as T } from './campus-texts';
import { pictureSizeRefusal } from './picture-size';

interface Props {
  campus: CampusSettings;
  onSaved: (campus: CampusSettings, notice: string) => void;
}

type Files = Partial<Record<CampusMapFile, File>>;
type Errors = Partial<Record<CampusMapFile | 'form', string>>;

/** One drawing's file input: its size in the label, refused early (type, 5 MB, pixel size) with the server's words. */
function MapFileField({ file, error, onFile, onRefused }: { file: CampusMapFile; error?: string; onFile: (f: File | undefined) => void; onRefused: (message: string) => void }) {
  const id = useId();
  const [name, setName] = useState<string | null>(null);
  const { pick } = useImagePick(
    (chosen) =>
      void pictureSizeRefusal(file, chosen).then((refusal) => {
        setName(refusal ? null : chosen.name);
        onFile(refusal ? undefined : chosen);
        if (refusal) onRefused(refusal);
      }),
    (message) => {
      setName(null);
      onFile(undefined);
      onRefused(message);
    },
  );
  return (
    <div className="field campus-file">
      <label className="field__label" htmlFor={id}>
        {T.fileLabel(file)}
      </label>
      <input id={id} type="file" accept={IMAGE_ACCEPT} className="campus-file__input" {...fieldAria(`${id}-error`, error, `${id}-help`)} onChange={pick} />
      <p className="field__help" id={`${id}-help`}>
        {T.fileHelp[file]}
        {name && ` ${T.chosen(name)}`}
      </p>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/**
 * The campus map's two drawings (822×460 and 3704×1824), sent together so the party page and the map screen never
 * show two campuses; and the way back to the built-in art.
 */
export function CampusMapForm({ campus, onSaved }: Props) {
  const [files, setFiles] = useState<Files>({});
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState<'upload' | 'reset' | null>(null);
  const choose = (file: CampusMapFile) => (chosen: File | undefined) => {
    setFiles((f) => ({ ...f, [file]: chosen }));
    setErrors((e) => ({ ...e, [file]: undefined, form: undefined }));
  };
  const refuse = (file: CampusMapFile) => (message: string) => setErrors((e) => ({ ...e, [file]: message }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const { overview, large } = files;
    if (!overview || !large) {
      return setErrors((found) => ({
        ...found,
        overview: overview ? found.overview : (found.overview ?? CAMPUS_MESSAGES.mapMissing('overview')),
        large: large ? found.large : (found.large ?? CAMPUS_MESSAGES.mapMissing('large')),
      }));
    }
    setBusy('upload');
    setErrors({});
    try {
      onSaved(await uploadCampusMap({ overview, large }), T.uploaded_notice);
    } catch (failure) {
      const found = { overview: fieldError(failure, 'overview'), large: fieldError(failure, 'large') };
      setErrors(found.overview || found.large ? found : { form: errorMessage(failure, T.uploadFailed) });
    } finally {
      setBusy(null);
    }
  }

  async function reset() {
    if (busy) return;
    setBusy('reset');
    setErrors({});
    try {
      onSaved(await resetCampusMap(), T.resetDone);
    } catch (failure) {
      setErrors({ form: errorMessage(failure, T.resetFailed) });
    } finally {
      setBusy(null);
    }
  }

  const { width, height } = CAMPUS_MAP_FILES.overview;
  return (
    <form className="campus-form" noValidate aria-labelledby="campus-map-title" onSubmit={(e) => void submit(e)}>
      <h2 className="campus-section__title" id="campus-map-title">
        {T.mapTitle}
      </h2>
      <figure className="campus-current">
        <img className="campus-current__image" src={campus.map?.overview ?? builtInOverview} alt={T.mapAlt(campusTitle(campus))} width={width} height={height} />
        <figcaption className="ops-muted">
          {T.current}: {campus.map ? T.uploaded : T.builtIn}
        </figcaption>
      </figure>
      <p className="field__help">{T.mapHelp}</p>
      <MapFileField file="overview" error={errors.overview} onFile={choose('overview')} onRefused={refuse('overview')} />
      <MapFileField file="large" error={errors.large} onFile={choose('large')} onRefused={refuse('large')} />
      {errors.form && <FormError message={errors.form} />}
      <div className="campus-actions">
        <SubmitButton busy={busy === 'upload'} label={T.upload} busyLabel={T.uploading} className="button campus-button" />
        {campus.map && (
          <button type="button" className="button button--ghost campus-button" aria-disabled={busy !== null || undefined} onClick={() => void reset()}>
            {busy === 'reset' ? T.resetting : T.reset}
          </button>
        )}
      </div>
    </form>
  );
}
