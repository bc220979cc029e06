import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { API_MESSAGES } from '../../shared/api-messages';
import { UPLOAD_MAX_BYTES } from '../../shared/constants';

export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp';

/**
 * A file input's change handler for photos (student card, profile): refuses early what the server would refuse
 * (type, 5 MB) with the server's own texts, and keeps one preview URL alive, revoked when replaced or unmounted.
 */
export function useImagePick(onChange: (file: File) => void, onReject: (message: string) => void) {
  const [preview, setPreview] = useState<string | null>(null);
  const previewRef = useRef<string | null>(null);
  useEffect(() => () => revoke(previewRef.current), []);

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again after an error must fire change again
    if (!chosen) return;
    if (!IMAGE_ACCEPT.split(',').includes(chosen.type)) return onReject(API_MESSAGES.imageType);
    if (chosen.size > UPLOAD_MAX_BYTES) return onReject(API_MESSAGES.imageTooLarge);
    revoke(previewRef.current);
    previewRef.current = URL.createObjectURL(chosen);
    setPreview(previewRef.current);
    onChange(chosen);
  };
  return { preview, pick };
}

function revoke(url: string | null) {
  if (url) URL.revokeObjectURL(url);
}
