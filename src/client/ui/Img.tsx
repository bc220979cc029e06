import { useState, type ImgHTMLAttributes } from 'react';
import { resolveImageUrl } from '../lib/image-url';

interface ImgProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> {
  src: string | null | undefined;
  /** The default picture (party photo or avatar) shown when there is no image or it fails to load. */
  fallback: string;
}

export function Img({ src, fallback, alt = '', ...rest }: ImgProps) {
  const resolved = resolveImageUrl(src, fallback);
  // Remembering which URL failed (rather than a boolean) lets a new src try again without an effect.
  const [failed, setFailed] = useState<string | null>(null);
  const shown = failed === resolved ? fallback : resolved;
  return (
    <img
      {...rest}
      alt={alt}
      src={shown}
      onError={() => {
        if (shown !== fallback) setFailed(resolved);
      }}
    />
  );
}
