import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import defaultAvatar from '../../../assets/images/default-avatar.svg';
import { API_MESSAGES } from '../../shared/api-messages';
import { UPLOAD_MAX_BYTES } from '../../shared/constants';
import { Img } from '../ui/Img';
import { PROFILE_TEXTS as T } from './profile-rules';

const ACCEPT = 'image/jpeg,image/png,image/webp';

interface Props {
  current: string | null | undefined;
  onChange: (file: File) => void;
  onReject: (message: string) => void;
}

/** The round photo with a 사진 변경 button; a picked file is previewed at once and refused early if the server would. */
export function AvatarPicker({ current, onChange, onReject }: Props) {
  const [preview, setPreview] = useState<string | null>(null);
  const previewRef = useRef<string | null>(null);
  useEffect(() => () => revoke(previewRef.current), []);

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again after an error must fire change again
    if (!chosen) return;
    if (!ACCEPT.split(',').includes(chosen.type)) return onReject(API_MESSAGES.imageType);
    if (chosen.size > UPLOAD_MAX_BYTES) return onReject(API_MESSAGES.imageTooLarge);
    revoke(previewRef.current);
    previewRef.current = URL.createObjectURL(chosen);
    setPreview(previewRef.current);
    onChange(chosen);
  };

  return (
    <div className="avatar-picker">
      {preview ? (
        <img className="avatar-picker__photo" src={preview} alt={T.previewAlt} />
      ) : (
        <Img className="avatar-picker__photo" src={current} fallback={defaultAvatar} alt={T.photo} />
      )}
      <label className="avatar-picker__button">
        {T.changePhoto}
        <input className="visually-hidden" type="file" accept={ACCEPT} name="profile_image" aria-label={T.photo} onChange={pick} />
      </label>
    </div>
  );
}

function revoke(url: string | null) {
  if (url) URL.revokeObjectURL(url);
}
