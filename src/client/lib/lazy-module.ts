import { useEffect, useState } from 'react';

/**
 * A module in a chunk of its own, fetched when first wanted (or ahead, with `preload`) and kept once in, so a component
 * renders it at once from then on.
 *
 * Not React.lazy: a lazy component suspends on its first render even when its module is already in, and React then
 * waits out its fallback throttle (300 ms, on timers) before showing it — a blank moment after every first use.
 */
export function lazyModule<M>(load: () => Promise<M>) {
  let loaded: M | null = null;
  let loading: Promise<M> | null = null;
  const get = () =>
    (loading ??= load().then(
      (m) => (loaded = m),
      (err: unknown) => {
        loading = null; // offline: the next ask tries again
        throw err;
      },
    ));
  return {
    /** Starts fetching the module (fetched once, however often this is called); settles once it is in or failed. */
    preload(): Promise<void> {
      return get().then(
        () => undefined,
        () => undefined,
      );
    },
    /** The module once it is in, null until then; the component renders again when it arrives. */
    useModule(): M | null {
      const [module, setModule] = useState(() => loaded);
      useEffect(() => {
        if (module) return;
        let live = true;
        get().then(
          (m) => live && setModule(() => m),
          () => undefined,
        );
        return () => {
          live = false;
        };
      }, [module]);
      return module;
    },
  };
}
