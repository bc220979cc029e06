import { render } from '@testing-library/react';
import { StrictMode, type ReactNode } from 'react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AppProviders } from '../../src/client/AppProviders';
import { AppRoutes } from '../../src/client/routes';

// Every screen's code, loaded before a file's tests run. The app loads screens lazily, and in a test the first import
// of a screen is also its on-demand transform, which on a slow or busy machine outlasts a query's wait for the first
// text. With the code in place, tests wait only for the app itself, whatever the machine's speed.
const screens = import.meta.glob('../../src/client/**/*Screen.tsx');
await Promise.all(Object.values(screens).map((load) => load()));

/** The whole app at `path`, with an in-memory history and a fresh SWR cache and session store. */
export function renderApp(path: string) {
  return renderWith(path, <AppRoutes />);
}

/** Any tree inside the app's providers and an in-memory router, e.g. a probe component using a hook. */
export function renderWith(path: string, ui: ReactNode) {
  const memory = memoryLocation({ path, record: true });
  const user = userEvent.setup();
  const view = render(
    <AppProviders swr={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <Router hook={memory.hook}>{ui}</Router>
    </AppProviders>,
  );
  return {
    ...view,
    user,
    currentPath: () => memory.history[memory.history.length - 1],
    currentState: () => memory.state as unknown,
    visited: () => [...(memory.history ?? [])],
  };
}

/**
 * The whole app on the real (jsdom) browser history, for screens that read `history.state` (/payment): the
 * in-memory router keeps navigation state where components cannot see it.
 */
export function renderAppInBrowser(path: string, state: unknown = null, { strict = false } = {}) {
  window.history.replaceState(state, '', path);
  const user = userEvent.setup();
  const app = (
    <AppProviders swr={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <AppRoutes />
    </AppProviders>
  );
  // StrictMode only replays effects when it wraps the root, as it does in main.tsx.
  const view = render(strict ? <StrictMode>{app}</StrictMode> : app);
  return { ...view, user, currentPath: () => window.location.pathname };
}

export function signInAs(access = 'access-1', refresh = 'refresh-1') {
  localStorage.setItem('access', access);
  localStorage.setItem('refresh', refresh);
  localStorage.setItem('accessToken', access);
}
