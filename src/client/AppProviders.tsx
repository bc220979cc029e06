import { Provider as JotaiProvider } from 'jotai';
import { useState, type ReactNode } from 'react';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { fetcher } from './api/client';
import { createSessionStore } from './state/session-atoms';
import { SessionSync } from './state/SessionSync';

const swrDefaults: SWRConfiguration = {
  fetcher,
  // Spec §8: list load errors are only logged; hammering a failing server helps nobody on a phone.
  shouldRetryOnError: false,
  revalidateOnFocus: true,
};

/** Session store, SWR and the session watcher; `swr` lets tests give every render a fresh cache. */
export function AppProviders({ children, swr }: { children: ReactNode; swr?: SWRConfiguration }) {
  const [store] = useState(createSessionStore);
  return (
    <JotaiProvider store={store}>
      <SWRConfig value={{ ...swrDefaults, ...swr }}>
        <SessionSync />
        {children}
      </SWRConfig>
    </JotaiProvider>
  );
}
