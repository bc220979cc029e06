import { useId } from 'react';
import defaultAvatar from '../../../assets/images/default-avatar.svg';
import { FieldError, fieldAria } from '../ui/FormError';
import { Img } from '../ui/Img';
import { IMAGE_ACCEPT as ACCEPT, useImagePick } from '../ui/use-image-pick';
import { PROFILE_TEXTS as T } from './profile-rules';

interface Props {
  current: string | null | undefined;
  onChange: (file: File) => void;
}

/**
 * The round photo with a 사진 변경 button; a picked file is previewed at once with its name. A file the server would
 * refuse (too large, not an image by its bytes) is refused here with the server's words beside it (said at once: no
 * submit moves focus to it), and the photo shown stays the one before.
 */
export function AvatarPicker({ current, onChange }: Props) {
  const id = useId();
  const { preview, name, refusal, dropPreview, pick } = useImagePick(onChange);
  const error = refusal ?? undefined;

  return (
    <div className="avatar-picker">
      {preview ? (
        <img className="avatar avatar--outlined avatar-picker__photo" src={preview} alt={T.previewAlt} onError={dropPreview} />
      ) : (
        <Img className="avatar avatar--outlined avatar-picker__photo" src={current} fallback={defaultAvatar} alt={T.photo} />
      )}
      <label className="avatar-picker__button">
        {T.changePhoto}
        <input
          className="visually-hidden"
          type="file"
          accept={ACCEPT}
          name="profile_image"
          aria-label={T.photo}
          {...fieldAria(`${id}-error`, error, name && `${id}-name`)}
          onChange={pick}
        />
      </label>
      {name && (
        <p className="avatar-picker__name" id={`${id}-name`}>
          {name}
        </p>
      )}
      <FieldError id={`${id}-error`} error={error} live />
    </div>
  );
}
