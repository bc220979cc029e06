import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AppProviders } from '../../src/client/AppProviders';
import { AppRoutes } from '../../src/client/routes';

/** The whole app at `path`, with an in-memory history and a fresh SWR cache and session store. */
export function renderApp(path: string) {
  const memory = memoryLocation({ path, record: true });
  const user = userEvent.setup();
  const view = render(
    <AppProviders swr={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <Router hook={memory.hook}>
        <AppRoutes />
      </Router>
    </AppProviders>,
  );
  return { ...view, user, currentPath: () => memory.history[memory.history.length - 1] };
}

export function signInAs(access = 'access-1', refresh = 'refresh-1') {
  localStorage.setItem('access', access);
  localStorage.setItem('refresh', refresh);
  localStorage.setItem('accessToken', access);
}
