import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { leaveForKakao } from '../../src/client/auth/kakao-flow';
import { acceptAlert } from './alerts';
import { server } from './msw/server';
import { renderApp, renderAppInBrowser } from './render-app';

// jsdom cannot load another site; the test reads the address the screen would have left for.
vi.mock('../../src/client/auth/kakao-flow', async (original) => ({
  ...(await original<typeof import('../../src/client/auth/kakao-flow')>()),
  leaveForKakao: vi.fn(),
}));

const STAND_IN = { authorize_url: '/oauth/kakao/stand-in/oauth/authorize', client_id: 'partyon-local-stand-in', redirect_uri: null, stand_in: true };

function serveConfig(config: object = STAND_IN) {
  let calls = 0;
  server.use(
    http.get('/api/signup/auth/kakao/config/', () => {
      calls += 1;
      return HttpResponse.json(config);
    }),
  );
  return () => calls;
}

async function leftFor(): Promise<URL> {
  await waitFor(() => expect(leaveForKakao).toHaveBeenCalled());
  return new URL(vi.mocked(leaveForKakao).mock.lastCall![0]);
}

const pending = () => JSON.parse(sessionStorage.getItem('kakaoLogin') ?? 'null') as { state: string; redirectUri: string } | null;

describe('/kakao-login', () => {
  it('goes to the authorize page with client_id, redirect_uri, response_type and a stored state', async () => {
    vi.mocked(leaveForKakao).mockClear();
    serveConfig();
    localStorage.setItem('redirectPath', '/notifications');
    renderApp('/kakao-login');
    expect(await screen.findByText('카카오 로그인으로 이동 중...')).toBeInTheDocument();

    const url = await leftFor();
    expect(url.origin).toBe(window.location.origin);
    expect(url.pathname).toBe('/oauth/kakao/stand-in/oauth/authorize');
    expect(url.searchParams.get('client_id')).toBe('partyon-local-stand-in');
    expect(url.searchParams.get('redirect_uri')).toBe(`${window.location.origin}/oauth/kakao/callback`);
    expect(url.searchParams.get('response_type')).toBe('code');
    const state = url.searchParams.get('state');
    expect(state).toMatch(/^[0-9a-f]{32}$/);
    expect(pending()).toEqual({ state, redirectUri: `${window.location.origin}/oauth/kakao/callback` });
    // The modal's choice is kept as it was.
    expect(localStorage.getItem('redirectPath')).toBe('/notifications');
  });

  it("uses Kakao's absolute address and the configured redirect_uri, and stores '/' when nothing was stored", async () => {
    vi.mocked(leaveForKakao).mockClear();
    serveConfig({ authorize_url: 'https://kauth.kakao.com/oauth/authorize', client_id: 'rest-key', redirect_uri: 'https://partyon.example/oauth/kakao/callback', stand_in: false });
    renderApp('/kakao-login');

    const url = await leftFor();
    expect(`${url.origin}${url.pathname}`).toBe('https://kauth.kakao.com/oauth/authorize');
    expect(url.searchParams.get('client_id')).toBe('rest-key');
    expect(url.searchParams.get('redirect_uri')).toBe('https://partyon.example/oauth/kakao/callback');
    expect(pending()?.redirectUri).toBe('https://partyon.example/oauth/kakao/callback');
    expect(localStorage.getItem('redirectPath')).toBe('/');
  });

  it.each([
    ['/map?tab=list', '/map?tab=list'],
    ['/login', '/'],
  ])('with nothing stored, a same-origin referrer %s becomes redirectPath %s', async (from, stored) => {
    vi.mocked(leaveForKakao).mockClear();
    serveConfig();
    vi.spyOn(document, 'referrer', 'get').mockReturnValue(`${window.location.origin}${from}`);
    renderApp('/kakao-login');
    await leftFor();
    expect(localStorage.getItem('redirectPath')).toBe(stored);
  });

  it('makes one state and leaves once under StrictMode', async () => {
    vi.mocked(leaveForKakao).mockClear();
    serveConfig();
    renderAppInBrowser('/kakao-login', null, { strict: true });
    const url = await leftFor();
    await new Promise((r) => setTimeout(r, 50));
    expect(leaveForKakao).toHaveBeenCalledTimes(1);
    expect(pending()?.state).toBe(url.searchParams.get('state'));
  });

  it('alerts and goes to /login when the config cannot be loaded', async () => {
    vi.mocked(leaveForKakao).mockClear();
    server.use(http.get('/api/signup/auth/kakao/config/', () => new HttpResponse(null, { status: 500 })));
    const ui = renderApp('/kakao-login');
    await acceptAlert(ui.user, '카카오 로그인을 시작할 수 없습니다. 잠시 후 다시 시도해 주세요.');
    await waitFor(() => expect(ui.currentPath()).toBe('/login'));
    expect(leaveForKakao).not.toHaveBeenCalled();
    expect(pending()).toBeNull();
  });
});
