import defaultAvatar from '../../../assets/images/default-avatar.svg';
import { Img } from '../ui/Img';
import { IMAGE_ACCEPT as ACCEPT, useImagePick } from '../ui/use-image-pick';
import { PROFILE_TEXTS as T } from './profile-rules';

interface Props {
  current: string | null | undefined;
  onChange: (file: File) => void;
  onReject: (message: string) => void;
}

/** The round photo with a 사진 변경 button; a picked file is previewed at once and refused early if the server would. */
export function AvatarPicker({ current, onChange, onReject }: Props) {
  const { preview, pick } = useImagePick(onChange, onReject);

  return (
    <div className="avatar-picker">
      {preview ? (
        <img className="avatar avatar--outlined avatar-picker__photo" src={preview} alt={T.previewAlt} />
      ) : (
        <Img className="avatar avatar--outlined avatar-picker__photo" src={current} fallback={defaultAvatar} alt={T.photo} />
      )}
      <label className="avatar-picker__button">
        {T.changePhoto}
        <input className="visually-hidden" type="file" accept={ACCEPT} name="profile_image" aria-label={T.photo} onChange={pick} />
      </label>
    </div>
  );
}
