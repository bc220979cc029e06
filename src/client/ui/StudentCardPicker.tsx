import { useId } from 'react';
import { FieldError, fieldAria } from './FormError';
import { PHOTO_PICK_TEXTS as T } from './texts';
import { IMAGE_ACCEPT as ACCEPT, useImagePick } from './use-image-pick';
import './field.css';

interface Props {
  file: File | null;
  onChange: (file: File | null) => void;
  /** The form's or the server's word about the photo (학생증 사진을 업로드해 주세요.). */
  error?: string;
}

/**
 * The student-card photo: one box to tap with a thumbnail of the chosen photo and its file name. A file the server
 * would refuse (too large, or not a JPEG/PNG/WebP by its bytes) is refused here with the server's words beside the
 * box (said at once, as no submit moves focus to it), and no preview is drawn for it.
 */
export function StudentCardPicker({ file, onChange, error }: Props) {
  const id = useId();
  const { preview, name, refusal, dropPreview, pick } = useImagePick(onChange);
  const shownError = refusal ?? error;

  return (
    <div className="photo-pick">
      <span className="field__label" id={`${id}-label`}>
        학생증 사진
      </span>
      <label className="photo-pick__box">
        {file && preview ? (
          <img className="photo-pick__thumb" src={preview} alt="선택한 학생증 사진 미리보기" onError={dropPreview} />
        ) : (
          <span className="photo-pick__thumb photo-pick__thumb--empty" aria-hidden="true" />
        )}
        <span className="photo-pick__name" id={`${id}-name`}>
          {file && name ? name : T.none}
        </span>
        <span className="photo-pick__action">{file ? T.change : T.choose}</span>
        <input
          className="visually-hidden"
          type="file"
          accept={ACCEPT}
          name="student_card_image"
          aria-labelledby={`${id}-label`}
          {...fieldAria(`${id}-error`, shownError, `${id}-name`, `${id}-help`)}
          onChange={pick}
        />
      </label>
      <p className="field__help" id={`${id}-help`}>
        학생증 사진은 재학생 확인에만 쓰이고 다른 회원에게 공개되지 않습니다.
      </p>
      <FieldError id={`${id}-error`} error={shownError} live={refusal !== null} />
    </div>
  );
}
