import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/client/api/api-error';
import { apiFetch } from '../../src/client/api/client';
import { server } from './msw/server';

function listenForAuthError() {
  const listener = vi.fn();
  window.addEventListener('authError', listener);
  return listener;
}

function signIn(access: string, refresh?: string) {
  localStorage.setItem('access', access);
  localStorage.setItem('accessToken', access);
  if (refresh) localStorage.setItem('refresh', refresh);
}

describe('apiFetch and the token refresh', () => {
  it('answers five concurrent 401s with one refresh and retries each request once', async () => {
    signIn('old', 'refresh-old');
    const attempts = new Map<string, number>();
    let refreshCalls = 0;
    let rejected = 0;
    let releaseRefresh!: () => void;
    // The refresh only answers once all five requests have failed, so every one of them waits on it.
    const allRejected = new Promise<void>((resolve) => (releaseRefresh = resolve));

    server.use(
      http.get('/api/item/:n/', ({ params, request }) => {
        const n = String(params.n);
        attempts.set(n, (attempts.get(n) ?? 0) + 1);
        if (request.headers.get('Authorization') === 'Bearer new') return HttpResponse.json({ n });
        if (++rejected === 5) releaseRefresh();
        return HttpResponse.json({ detail: '인증 정보가 올바르지 않습니다.' }, { status: 401 });
      }),
      http.post('/api/signup/auth/refresh/', async ({ request }) => {
        refreshCalls += 1;
        expect(await request.json()).toEqual({ refresh: 'refresh-old' });
        await allRejected;
        return HttpResponse.json({ access: 'new', refresh: 'refresh-new' });
      }),
    );

    const results = await Promise.all(['1', '2', '3', '4', '5'].map((n) => apiFetch<{ n: string }>(`/api/item/${n}/`)));

    expect(results.map((r) => r.n)).toEqual(['1', '2', '3', '4', '5']);
    expect(refreshCalls).toBe(1);
    expect([...attempts.values()]).toEqual([2, 2, 2, 2, 2]);
    expect(localStorage.getItem('access')).toBe('new');
    expect(localStorage.getItem('accessToken')).toBe('new');
    expect(localStorage.getItem('refresh')).toBe('refresh-new');
  });

  it('retries only once: a second 401 after the refresh is the final answer', async () => {
    signIn('old', 'refresh-old');
    let attempts = 0;
    let refreshCalls = 0;
    server.use(
      http.get('/api/always-401/', () => {
        attempts += 1;
        return HttpResponse.json({ detail: '안 돼요' }, { status: 401 });
      }),
      http.post('/api/signup/auth/refresh/', () => {
        refreshCalls += 1;
        return HttpResponse.json({ access: 'new', refresh: 'refresh-new' });
      }),
    );

    await expect(apiFetch('/api/always-401/')).rejects.toMatchObject({ status: 401, message: '안 돼요' });
    expect(attempts).toBe(2);
    expect(refreshCalls).toBe(1);
  });

  it('clears the stored session and raises authError when the refresh is refused', async () => {
    signIn('old', 'refresh-old');
    localStorage.setItem('user', JSON.stringify({ id: 7, username: 'minji_kim', name: '김민지' }));
    const authError = listenForAuthError();
    server.use(
      http.get('/api/private/', () => HttpResponse.json({ detail: 'expired' }, { status: 401 })),
      http.post('/api/signup/auth/refresh/', () =>
        HttpResponse.json({ detail: '로그인이 만료되었습니다. 다시 로그인해 주세요.' }, { status: 401 }),
      ),
    );

    const failure = apiFetch('/api/private/');
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 401 });
    for (const key of ['access', 'refresh', 'accessToken', 'user']) expect(localStorage.getItem(key)).toBeNull();
    expect(authError).toHaveBeenCalledTimes(1);
    window.removeEventListener('authError', authError);
  });

  it('treats a missing refresh token as a failed refresh', async () => {
    signIn('old');
    const authError = listenForAuthError();
    let refreshCalls = 0;
    server.use(
      http.get('/api/private/', () => HttpResponse.json({ detail: 'expired' }, { status: 401 })),
      http.post('/api/signup/auth/refresh/', () => {
        refreshCalls += 1;
        return HttpResponse.json({});
      }),
    );

    await expect(apiFetch('/api/private/')).rejects.toMatchObject({ status: 401 });
    expect(refreshCalls).toBe(0);
    expect(localStorage.getItem('access')).toBeNull();
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(authError).toHaveBeenCalledTimes(1);
    window.removeEventListener('authError', authError);
  });

  it('raises authError on a 403 but keeps the tokens and the server message', async () => {
    signIn('good', 'refresh-good');
    const authError = listenForAuthError();
    server.use(
      http.post('/api/partyassist/standby/3/toggle/', () =>
        HttpResponse.json({ detail: '파티 참가자만 대기할 수 있습니다.' }, { status: 403 }),
      ),
    );

    await expect(apiFetch('/api/partyassist/standby/3/toggle/', { method: 'POST' })).rejects.toMatchObject({
      status: 403,
      message: '파티 참가자만 대기할 수 있습니다.',
    });
    expect(authError).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('access')).toBe('good');
    window.removeEventListener('authError', authError);
  });
});

describe('where the access token is read from', () => {
  async function sentAuthorization() {
    let header: string | null = 'not called';
    server.use(
      http.get('/api/echo/', ({ request }) => {
        header = request.headers.get('Authorization');
        return HttpResponse.json({});
      }),
    );
    await apiFetch('/api/echo/');
    return header;
  }

  it('prefers local access, then accessToken, then local token, then session access', async () => {
    sessionStorage.setItem('access', 's-access');
    expect(await sentAuthorization()).toBe('Bearer s-access');
    localStorage.setItem('token', 'l-token');
    expect(await sentAuthorization()).toBe('Bearer l-token');
    localStorage.setItem('accessToken', 'l-compat');
    expect(await sentAuthorization()).toBe('Bearer l-compat');
    localStorage.setItem('access', 'l-access');
    expect(await sentAuthorization()).toBe('Bearer l-access');
  });

  it('sends no Authorization header without a token', async () => {
    expect(await sentAuthorization()).toBeNull();
  });

  it('sends JSON bodies with their content type', async () => {
    let seen: unknown;
    server.use(
      http.patch('/api/notice/4/', async ({ request }) => {
        seen = { type: request.headers.get('Content-Type'), body: await request.json() };
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await expect(apiFetch('/api/notice/4/', { method: 'PATCH', json: { is_read: true } })).resolves.toBeUndefined();
    expect(seen).toEqual({ type: 'application/json', body: { is_read: true } });
  });

  it('reports an answer cut off mid-body as a network failure (status 0), so every error is an ApiError', async () => {
    server.use(
      http.get('/api/cut-off/', () => {
        const body = new ReadableStream({
          pull(controller) {
            controller.error(new TypeError('connection reset'));
          },
        });
        return new HttpResponse(body, { status: 200, headers: { 'Content-Type': 'application/json' } });
      }),
    );
    const failure = await apiFetch('/api/cut-off/').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 0 });
  });
});
