import { useEffect, useState } from 'react';

/** The image once it is decoded, so Konva's first draw of it never stalls a frame; null `src` waits. */
export function useLoadedImage(src: string | null): HTMLImageElement | null {
  const [loaded, setLoaded] = useState<{ src: string; image: HTMLImageElement } | null>(null);
  useEffect(() => {
    if (!src) return;
    let live = true;
    const image = new Image();
    image.decoding = 'async';
    image.src = src;
    // decode() resolves once the pixels are ready; a browser without it (and jsdom) gets the load event instead.
    const ready =
      typeof image.decode === 'function'
        ? image.decode()
        : new Promise<void>((resolve, reject) => {
            image.onload = () => resolve();
            image.onerror = reject;
          });
    // Dropped on purpose: a failure is caught just below, and what follows only sets state.
    void ready
      .catch(() => undefined) // a failed decode still draws as a blank image; the map then shows its background
      .then(() => {
        if (live && image.naturalWidth > 0) setLoaded({ src, image });
      });
    return () => {
      live = false;
    };
  }, [src]);
  return src && loaded?.src === src ? loaded.image : null;
}
