import { createStore, Provider as JotaiProvider } from 'jotai';
import { useState, type ReactNode } from 'react';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { fetcher } from './api/client';
import { retryDelay } from './api/retry-delay';
import { isOutage } from './api/server-reach';
import { ServerRecovery } from './state/ServerRecovery';
import { createSessionStore } from './state/session-atoms';
import { SeatSync } from './state/SeatSync';
import { SessionSync } from './state/SessionSync';
import { AlertHost } from './ui/AlertHost';

const swrDefaults: SWRConfiguration = {
  fetcher,
  // Spec §8: list load errors are only logged. A list whose read never reached the server (issue 30 §7) is read
  // again by itself, with a growing pause so a struggling server is not hammered; a refusal in words (4xx, 500)
  // would say the same again. Offline or in the background, SWR's `online` and focus revalidation take over.
  onErrorRetry: (error, _key, _config, revalidate, { retryCount }) => {
    if (!isOutage(error) || !navigator.onLine || document.visibilityState === 'hidden') return;
    setTimeout(() => void revalidate({ retryCount }), retryDelay(retryCount));
  },
  revalidateOnFocus: true,
  revalidateOnReconnect: true,
};

type Store = ReturnType<typeof createStore>;

/**
 * Session store, SWR, the session and seat watchers and the app's alert dialog (useAlert); `swr` lets tests give every
 * render a fresh cache, and lets a server-rendered page start from the data it was drawn with. `store` replaces the one primed from storage (the
 * server has no storage: its pages are a guest's).
 */
export function AppProviders({ children, swr, store: given }: { children: ReactNode; swr?: SWRConfiguration; store?: Store }) {
  const [store] = useState(() => given ?? createSessionStore());
  return (
    <JotaiProvider store={store}>
      <SWRConfig value={{ ...swrDefaults, ...swr }}>
        <SessionSync />
        <ServerRecovery />
        <SeatSync />
        {children}
        <AlertHost />
      </SWRConfig>
    </JotaiProvider>
  );
}
