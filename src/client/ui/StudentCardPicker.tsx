import { IMAGE_ACCEPT as ACCEPT, useImagePick } from './use-image-pick';
import './field.css';

interface Props {
  file: File | null;
  onChange: (file: File | null) => void;
  onReject: (message: string) => void;
}

/** The student-card photo with a preview; wrong types and oversized files are refused before any upload. */
export function StudentCardPicker({ file, onChange, onReject }: Props) {
  const { preview, pick } = useImagePick(onChange, onReject);

  return (
    <div className="student-card">
      <label className="field">
        <span className="field__label">학생증 사진</span>
        <input className="field__input" type="file" accept={ACCEPT} name="student_card_image" onChange={pick} />
      </label>
      <p className="field__help">학생증 사진은 재학생 확인에만 쓰이고 다른 회원에게 공개되지 않습니다.</p>
      {file && preview && <img className="student-card__preview" src={preview} alt="선택한 학생증 사진 미리보기" />}
    </div>
  );
}
