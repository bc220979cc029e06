import { act, screen, waitFor } from '@testing-library/react';
import { useAtomValue } from 'jotai';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import { isLoggedInAtom } from '../../src/client/state/session-atoms';
import { useLogout } from '../../src/client/state/use-session-actions';
import { renderApp, renderWith, signInAs } from './render-app';

function fireStorage(key: string | null, newValue: string | null) {
  act(() => {
    window.dispatchEvent(new StorageEvent('storage', { key, newValue }));
  });
}

describe('session', () => {
  it('signs in when another tab stores a token', async () => {
    renderApp('/');
    await screen.findByRole('heading', { name: '게스트님을 위한 추천 파티' });
    localStorage.setItem('access', 'from-other-tab');
    fireStorage('access', 'from-other-tab');
    expect(await screen.findByRole('heading', { name: '김민지님을 위한 추천 파티' })).toBeInTheDocument();
  });

  it('signs out when another tab clears the tokens', async () => {
    signInAs();
    renderApp('/');
    await screen.findByRole('heading', { name: '김민지님을 위한 추천 파티' });
    localStorage.clear();
    fireStorage(null, null);
    expect(await screen.findByRole('heading', { name: '게스트님을 위한 추천 파티' })).toBeInTheDocument();
  });

  it('drops the session on authError once the tokens are gone, but not for a mere 403', async () => {
    signInAs();
    renderApp('/');
    await screen.findByRole('heading', { name: '김민지님을 위한 추천 파티' });

    act(() => {
      window.dispatchEvent(new CustomEvent('authError', { detail: { status: 403 } }));
    });
    expect(screen.getByRole('heading', { name: '김민지님을 위한 추천 파티' })).toBeInTheDocument();

    localStorage.clear();
    act(() => {
      window.dispatchEvent(new CustomEvent('authError', { detail: { status: 401 } }));
    });
    expect(await screen.findByRole('heading', { name: '게스트님을 위한 추천 파티' })).toBeInTheDocument();
  });
});

describe('logout', () => {
  it('clears the tokens and goes to /login', async () => {
    signInAs();
    localStorage.setItem('user', JSON.stringify({ id: 7, username: 'minji_kim', name: '김민지' }));
    function LogoutProbe() {
      const logout = useLogout();
      const loggedIn = useAtomValue(isLoggedInAtom);
      return (
        <button type="button" onClick={() => logout()}>
          {loggedIn ? '로그아웃' : '로그아웃됨'}
        </button>
      );
    }
    const ui = renderWith('/', <Route path="/" component={LogoutProbe} />);
    await ui.user.click(await screen.findByRole('button', { name: '로그아웃' }));
    await waitFor(() => expect(ui.currentPath()).toBe('/login'));
    for (const key of ['access', 'refresh', 'accessToken', 'user']) expect(localStorage.getItem(key)).toBeNull();
  });
});
