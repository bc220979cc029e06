import type { createStore } from 'jotai';
import { StrictMode } from 'react';
import { Router } from 'wouter';
import { AppProviders } from './AppProviders';
import { navigateOverLayers } from './lib/back-layers';
import { AppRoutes } from './routes';

interface Props {
  /** SWR entries by API path the first render draws from (a server-rendered page's data). */
  fallback?: Record<string, unknown>;
  /** A session store not read from storage (the server renders as a guest). */
  store?: ReturnType<typeof createStore>;
  /** The page being rendered, on the server; the browser reads its own location. */
  ssrPath?: string;
}

/** The whole app. The server and the browser render this same tree, so a server-rendered page hydrates. */
export function App({ fallback, store, ssrPath }: Props) {
  return (
    <StrictMode>
      <AppProviders store={store} swr={fallback ? { fallback } : undefined}>
        <Router ssrPath={ssrPath} aroundNav={navigateOverLayers}>
          <AppRoutes />
        </Router>
      </AppProviders>
    </StrictMode>
  );
}
