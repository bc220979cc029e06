import { screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { acceptAlert, expectNoAlert } from './alerts';
import { server } from './msw/server';
import { renderApp, renderAppInBrowser } from './render-app';
import { recordRequests } from './sent-requests';

const CALLBACK = '/oauth/kakao/callback';
const REDIRECT_URI = `${window.location.origin}${CALLBACK}`;

/** What /kakao-login leaves behind before the trip to Kakao. */
function startedLogin(state = 'state-1') {
  sessionStorage.setItem('kakaoLogin', JSON.stringify({ state, redirectUri: REDIRECT_URI }));
}

/** The Kakao exchange endpoint answering `reply`; returns the bodies it received. */
function kakaoAnswers(reply: () => Response) {
  const received: unknown[] = [];
  server.use(
    http.post('/api/signup/auth/kakao/', async ({ request }) => {
      received.push(await request.json());
      return reply();
    }),
  );
  return received;
}

const tokens = (info: boolean) => () => HttpResponse.json({ access: 'kakao-access', refresh: 'kakao-refresh', is_additional_info_provided: info });

async function landsOn(ui: { currentPath: () => string | undefined }, path: string) {
  await waitFor(() => expect(ui.currentPath()).toBe(path));
}

describe('/oauth/kakao/callback', () => {
  it('signs in and goes home when the additional info is provided, replacing the callback in history', async () => {
    startedLogin();
    // A moment's wait on the exchange keeps the working text on screen long enough to be seen: home comes with the
    // entry chunk (no lazy load), so without it the screen can be gone before the first look.
    const received: unknown[] = [];
    server.use(
      http.post('/api/signup/auth/kakao/', async ({ request }) => {
        received.push(await request.json());
        await delay(200);
        return tokens(true)();
      }),
    );
    const ui = renderApp(`${CALLBACK}?code=abc&state=state-1`);
    expect(await screen.findByText('카카오 로그인 중...')).toBeInTheDocument();

    await landsOn(ui, '/');
    expect(received).toEqual([{ code: 'abc', redirect_uri: REDIRECT_URI }]);
    expect(localStorage.getItem('access')).toBe('kakao-access');
    expect(localStorage.getItem('accessToken')).toBe('kakao-access');
    expect(localStorage.getItem('refresh')).toBe('kakao-refresh');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ id: 7, name: '김민지' });
    expect(sessionStorage.getItem('kakaoLogin')).toBeNull();
    expect(ui.visited()).toEqual(['/']);
    expectNoAlert();
  });

  it('goes to the stored redirectPath instead, and uses it up', async () => {
    startedLogin();
    localStorage.setItem('redirectPath', '/partyinfo/5');
    kakaoAnswers(tokens(true));
    const ui = renderApp(`${CALLBACK}?code=abc2&state=state-1`);
    await landsOn(ui, '/partyinfo/5');
    expect(localStorage.getItem('redirectPath')).toBeNull();
  });

  it('sends an account without additional info to /mypage/additional and keeps redirectPath for after it', async () => {
    startedLogin();
    localStorage.setItem('redirectPath', '/notifications');
    kakaoAnswers(tokens(false));
    const ui = renderApp(`${CALLBACK}?code=abc3&state=state-1`);
    await landsOn(ui, '/mypage/additional');
    expect(localStorage.getItem('access')).toBe('kakao-access');
    expect(localStorage.getItem('redirectPath')).toBe('/notifications');
  });

  it.each([
    ['access_denied', '카카오 로그인이 취소되었습니다.'],
    ['server_error', '카카오 로그인에 실패했습니다.'],
  ])('error=%s → alert and /login, nothing exchanged', async (error, text) => {
    startedLogin();
    const received = kakaoAnswers(tokens(true));
    const ui = renderApp(`${CALLBACK}?error=${error}&state=state-1`);
    await acceptAlert(ui.user, text);
    await landsOn(ui, '/login');
    expect(received).toEqual([]);
    expect(localStorage.getItem('access')).toBeNull();
  });

  it('a missing code → alert and /login', async () => {
    startedLogin();
    const received = kakaoAnswers(tokens(true));
    const ui = renderApp(`${CALLBACK}?state=state-1`);
    await acceptAlert(ui.user, '카카오 로그인에 실패했습니다.');
    await landsOn(ui, '/login');
    expect(received).toEqual([]);
  });

  it.each([
    ['another state', () => startedLogin('state-1'), 'state-2'],
    ['no login started in this tab', () => {}, 'state-1'],
  ])('%s → alert and /login without exchanging the code', async (_, setUp, state) => {
    setUp();
    const received = kakaoAnswers(tokens(true));
    const ui = renderApp(`${CALLBACK}?code=forged&state=${state}`);
    await acceptAlert(ui.user, '카카오 로그인 요청이 올바르지 않습니다. 다시 시도해 주세요.');
    await landsOn(ui, '/login');
    expect(received).toEqual([]);
    expect(localStorage.getItem('access')).toBeNull();
  });

  it.each([
    ['only an access token', { access: 'a', is_additional_info_provided: true }],
    ['only a refresh token', { refresh: 'r', is_additional_info_provided: true }],
    ['an empty body', {}],
  ])('%s is a failure: 토큰 발급 실패 and /login', async (_, body) => {
    startedLogin();
    kakaoAnswers(() => HttpResponse.json(body));
    const ui = renderApp(`${CALLBACK}?code=half&state=state-1`);
    await acceptAlert(ui.user, '토큰 발급 실패');
    await landsOn(ui, '/login');
    expect(localStorage.getItem('access')).toBeNull();
  });

  it.each([500, 502, 503])('%i → the server-error alert and /login', async (status) => {
    startedLogin();
    kakaoAnswers(() => HttpResponse.json({ detail: '카카오 서버에 연결할 수 없습니다.' }, { status }));
    const ui = renderApp(`${CALLBACK}?code=down&state=state-1`);
    await acceptAlert(ui.user, '카카오 서버 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.');
    await landsOn(ui, '/login');
  });

  it.each([
    [400, { detail: '인가 코드가 만료되었거나 이미 사용되었습니다.' }, '인가 코드가 만료되었거나 이미 사용되었습니다.'],
    [400, { redirect_uri: ['허용되지 않은 redirect_uri입니다.'] }, '허용되지 않은 redirect_uri입니다.'],
    [401, null, '카카오 로그인에 실패했습니다.'],
  ])('%i → the login-failed alert (server words first) and /login', async (status, body, text) => {
    startedLogin();
    kakaoAnswers(() => (body ? HttpResponse.json(body, { status }) : new HttpResponse(null, { status })));
    const ui = renderApp(`${CALLBACK}?code=bad&state=state-1`);
    await acceptAlert(ui.user, text);
    await landsOn(ui, '/login');
    expect(localStorage.getItem('access')).toBeNull();
  });

  it.each([404, 409, 429])('%i (any other error) → home without an alert', async (status) => {
    startedLogin();
    kakaoAnswers(() => HttpResponse.json({ detail: '?' }, { status }));
    const ui = renderApp(`${CALLBACK}?code=odd&state=state-1`);
    await landsOn(ui, '/');
    expectNoAlert();
    expect(localStorage.getItem('access')).toBeNull();
  });

  // A code signs in once (the server refuses it the second time), so the client must never send one twice.
  it('exchanges the code exactly once under StrictMode', async () => {
    startedLogin();
    const requests = recordRequests();
    kakaoAnswers(tokens(true));
    const ui = renderAppInBrowser(`${CALLBACK}?code=strict&state=state-1`, null, { strict: true });
    await waitFor(() => expect(ui.currentPath()).toBe('/'));
    // Counted as sent: both mounts' effects ran before the first answer came back.
    expect(requests.sent('POST', '/api/signup/auth/kakao/')).toBe(1);
    expectNoAlert();
    expect(localStorage.getItem('access')).toBe('kakao-access');
  });

  it('never sends a code again when the callback page is loaded again (a reload, Back to it)', async () => {
    startedLogin();
    const requests = recordRequests();
    kakaoAnswers(tokens(true));
    const first = renderApp(`${CALLBACK}?code=once&state=state-1`);
    await landsOn(first, '/');
    first.unmount();

    const again = renderApp(`${CALLBACK}?code=once&state=state-1`);
    await acceptAlert(again.user, '카카오 로그인 요청이 올바르지 않습니다. 다시 시도해 주세요.');
    await landsOn(again, '/login');
    expect(requests.sent('POST', '/api/signup/auth/kakao/')).toBe(1);
  });
});
