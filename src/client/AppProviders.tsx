import { createStore, Provider as JotaiProvider } from 'jotai';
import { useState, type ReactNode } from 'react';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { fetcher } from './api/client';
import { createSessionStore } from './state/session-atoms';
import { SessionSync } from './state/SessionSync';
import { AlertHost } from './ui/AlertHost';

const swrDefaults: SWRConfiguration = {
  fetcher,
  // Spec §8: list load errors are only logged; hammering a failing server helps nobody on a phone.
  shouldRetryOnError: false,
  revalidateOnFocus: true,
};

type Store = ReturnType<typeof createStore>;

/**
 * Session store, SWR, the session watcher and the app's alert dialog (useAlert); `swr` lets tests give every
 * render a fresh cache, and lets a server-rendered page start from the data it was drawn with. `store` replaces the one primed from storage (the
 * server has no storage: its pages are a guest's).
 */
export function AppProviders({ children, swr, store: given }: { children: ReactNode; swr?: SWRConfiguration; store?: Store }) {
  const [store] = useState(() => given ?? createSessionStore());
  return (
    <JotaiProvider store={store}>
      <SWRConfig value={{ ...swrDefaults, ...swr }}>
        <SessionSync />
        {children}
        <AlertHost />
      </SWRConfig>
    </JotaiProvider>
  );
}
