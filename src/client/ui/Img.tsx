import { useState, type ImgHTMLAttributes } from 'react';
import { resolveImageUrl } from '../lib/image-url';

interface ImgProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> {
  src: string | null | undefined;
  /** The default picture (party photo or avatar) shown when there is no image or it fails to load. */
  fallback: string;
}

export function Img({ src, srcSet, fallback, alt = '', ...rest }: ImgProps) {
  const resolved = resolveImageUrl(src, fallback);
  // Remembering which URL failed (rather than a boolean) lets a new src try again without an effect.
  const [failed, setFailed] = useState<string | null>(null);
  const shown = failed === resolved ? fallback : resolved;
  return (
    <img
      {...rest}
      alt={alt}
      // A srcset wins over src: kept with the fallback, the browser would go on showing the broken file.
      srcSet={shown === fallback ? undefined : srcSet}
      src={shown}
      onError={() => {
        if (shown !== fallback) setFailed(resolved);
      }}
    />
  );
}
