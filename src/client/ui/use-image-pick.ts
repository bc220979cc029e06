import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { API_MESSAGES } from '../../shared/api-messages';
import { UPLOAD_MAX_BYTES } from '../../shared/constants';
import { IMAGE_SNIFF_BYTES, sniffImageFormat } from '../../shared/image-sniff';

/** What the file dialog offers first; a file is still judged by its bytes, as the server does. */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp';

async function isImage(file: File): Promise<boolean> {
  try {
    return sniffImageFormat(new Uint8Array(await file.slice(0, IMAGE_SNIFF_BYTES).arrayBuffer())) !== null;
  } catch {
    return false; // unreadable (moved or deleted since it was chosen)
  }
}

/**
 * A file input's change handler for photos (student card, profile): refuses early what the server would refuse
 * (5 MB, not a JPEG/PNG/WebP by its first bytes — a PDF renamed .png included) with the server's own texts, so no
 * broken preview is ever shown; keeps one preview URL alive, revoked when replaced or unmounted, and the chosen
 * file's name. `refusal` is the last refusal's text until a good file is chosen.
 */
export function useImagePick(onChange: (file: File) => void, onReject?: (message: string) => void) {
  const [picked, setPicked] = useState<{ preview: string; name: string } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const previewRef = useRef<string | null>(null);
  const latest = useRef(0);
  useEffect(() => () => revoke(previewRef.current), []);

  const refuse = (message: string) => {
    setRefusal(message);
    onReject?.(message);
  };

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again after an error must fire change again
    if (!chosen) return;
    const turn = ++latest.current;
    if (chosen.size > UPLOAD_MAX_BYTES) return refuse(API_MESSAGES.imageTooLarge);
    const image = await isImage(chosen);
    if (turn !== latest.current) return; // a later pick overtook this one while its bytes were read
    if (!image) return refuse(API_MESSAGES.imageType);
    revoke(previewRef.current);
    previewRef.current = URL.createObjectURL(chosen);
    setPicked({ preview: previewRef.current, name: chosen.name });
    setRefusal(null);
    onChange(chosen);
  };
  /** A preview the browser could not draw after all (a truncated file): show none rather than a broken image. */
  const dropPreview = () => setPicked((p) => p && { ...p, preview: '' });
  return { preview: picked?.preview || null, name: picked?.name ?? null, refusal, dropPreview, pick: (e: ChangeEvent<HTMLInputElement>) => void pick(e) };
}

function revoke(url: string | null) {
  if (url) URL.revokeObjectURL(url);
}
