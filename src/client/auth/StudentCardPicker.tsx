import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { UPLOAD_MAX_BYTES } from '../../shared/constants';
import { API_MESSAGES } from '../../shared/api-messages';

const ACCEPT = 'image/jpeg,image/png,image/webp';

interface Props {
  file: File | null;
  onChange: (file: File | null) => void;
  onReject: (message: string) => void;
}

/** The student-card photo with a preview; wrong types and oversized files are refused before any upload. */
export function StudentCardPicker({ file, onChange, onReject }: Props) {
  const [preview, setPreview] = useState<string | null>(null);
  const previewRef = useRef<string | null>(null);

  useEffect(() => () => revoke(previewRef.current), []);

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    event.target.value = ''; // picking the same file again after an error must fire change again
    if (!chosen) return;
    if (!ACCEPT.split(',').includes(chosen.type)) return onReject(API_MESSAGES.imageType);
    if (chosen.size > UPLOAD_MAX_BYTES) return onReject(API_MESSAGES.imageTooLarge);
    revoke(previewRef.current);
    previewRef.current = URL.createObjectURL(chosen);
    setPreview(previewRef.current);
    onChange(chosen);
  };

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

function revoke(url: string | null) {
  if (url) URL.revokeObjectURL(url);
}
