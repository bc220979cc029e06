import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROFILE } from './msw/fixtures';
import { server } from './msw/server';
import { renderApp, renderAppInBrowser, signInAs } from './render-app';

// The browser's side of Web Push, faked: a worker registration whose push manager hands out one subscription, and
// the permission prompt answering as the student would.
const KEY = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
const ENDPOINT = 'https://push.example/send/abc';
const SUBSCRIPTION_JSON = { endpoint: ENDPOINT, expirationTime: null, keys: { p256dh: 'BPk7dLkq0cHH0p9dWLx4Uk8bYkXxw1TYyKIo6xSzYyJ0hxQWq1', auth: 'c2VjcmV0LWF1dGgtMTY' } };

function fakeBrowser({ permission = 'default' as NotificationPermission, answer = 'granted' as NotificationPermission, subscribed = false } = {}) {
  let current: { endpoint: string; toJSON: () => unknown; unsubscribe: () => Promise<boolean> } | null = null;
  const unsubscribe = vi.fn(async () => {
    current = null;
    return true;
  });
  const make = () => (current = { endpoint: ENDPOINT, toJSON: () => SUBSCRIPTION_JSON, unsubscribe });
  if (subscribed) make();
  const subscribe = vi.fn(async (_opts: { applicationServerKey: Uint8Array }) => make());
  const notification = {
    permission,
    requestPermission: vi.fn(async () => {
      notification.permission = answer;
      return answer;
    }),
  };
  const registration = { pushManager: { getSubscription: async () => current, subscribe } };
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { ready: Promise.resolve(registration) } });
  Object.defineProperty(window, 'PushManager', { configurable: true, value: class {} });
  Object.defineProperty(window, 'Notification', { configurable: true, value: notification });
  return { notification, subscribe, unsubscribe };
}

function pushServer() {
  const sent: { method: string; body: unknown; auth: string | null }[] = [];
  server.use(
    http.get('/api/push/key/', () => HttpResponse.json({ public_key: KEY })),
    http.all('/api/push/subscriptions/', async ({ request }) => {
      sent.push({ method: request.method, body: await request.json(), auth: request.headers.get('authorization') });
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return sent;
}

function forgetFakeBrowser() {
  for (const name of ['PushManager', 'Notification'] as const) Reflect.deleteProperty(window, name);
  Reflect.deleteProperty(navigator, 'serviceWorker');
}
afterEach(forgetFakeBrowser);

const finish = () => renderAppInBrowser('/paymentfinish', { flowDone: '/paymentfinish' });

describe('asking for pushes after a payment', () => {
  it('asks on a tap, subscribes with the server key and sends the subscription; then never asks again', async () => {
    signInAs();
    const browser = fakeBrowser();
    const sent = pushServer();
    const ui = finish();
    expect(await screen.findByRole('heading', { name: '알림을 받아볼까요?' })).toBeInTheDocument();
    // Nothing is asked before the tap.
    expect(browser.notification.requestPermission).not.toHaveBeenCalled();

    await ui.user.click(screen.getByRole('button', { name: '알림 받기' }));
    expect(await screen.findByRole('status')).toHaveTextContent('알림을 켰어요.');
    expect(browser.notification.requestPermission).toHaveBeenCalledTimes(1);
    const key = browser.subscribe.mock.calls[0][0].applicationServerKey;
    expect(Buffer.from(key).toString('base64url')).toBe(KEY);
    expect(sent).toEqual([{ method: 'POST', body: SUBSCRIPTION_JSON, auth: 'Bearer access-1' }]);

    ui.unmount();
    browser.notification.permission = 'default';
    finish();
    await screen.findByRole('heading', { name: '예약이 완료되었습니다' });
    expect(screen.queryByRole('heading', { name: '알림을 받아볼까요?' })).not.toBeInTheDocument();
  });

  it('is not shown again after 나중에, nor where the browser already refused or has no push', async () => {
    signInAs();
    const browser = fakeBrowser();
    const ui = finish();
    await ui.user.click(await screen.findByRole('button', { name: '나중에' }));
    expect(screen.queryByRole('heading', { name: '알림을 받아볼까요?' })).not.toBeInTheDocument();
    ui.unmount();
    finish();
    await screen.findByRole('heading', { name: '예약이 완료되었습니다' });
    expect(screen.queryByRole('heading', { name: '알림을 받아볼까요?' })).not.toBeInTheDocument();
    expect(browser.notification.requestPermission).not.toHaveBeenCalled();
  });

  it('says where to allow it when the student refuses in the browser prompt', async () => {
    signInAs();
    fakeBrowser({ answer: 'denied' });
    const sent = pushServer();
    const ui = finish();
    await ui.user.click(await screen.findByRole('button', { name: '알림 받기' }));
    expect(await screen.findByRole('status')).toHaveTextContent('브라우저 설정에서 허용하면');
    expect(sent).toEqual([]);
  });

  it('is never shown where the browser has already decided, or cannot receive pushes', async () => {
    signInAs();
    fakeBrowser({ permission: 'denied' });
    const ui = finish();
    await screen.findByRole('heading', { name: '예약이 완료되었습니다' });
    expect(screen.queryByRole('heading', { name: '알림을 받아볼까요?' })).not.toBeInTheDocument();
    ui.unmount();
    forgetFakeBrowser();
    finish();
    await screen.findByRole('heading', { name: '예약이 완료되었습니다' });
    expect(screen.queryByRole('heading', { name: '알림을 받아볼까요?' })).not.toBeInTheDocument();
  });
});

describe('the push switch on my page', () => {
  const signedIn = () => {
    signInAs();
    localStorage.setItem('user', JSON.stringify({ id: 7, username: 'minji_kim', name: '김민지' }));
    server.use(http.get('/api/mypage/main/', () => HttpResponse.json(PROFILE)));
  };

  it('turns pushes on and off for this browser', async () => {
    signedIn();
    const browser = fakeBrowser();
    const sent = pushServer();
    const ui = renderApp('/mypage');
    const toggle = await screen.findByRole('switch', { name: '푸시 알림' });
    await waitFor(() => expect(toggle).toHaveAttribute('aria-disabled', 'false'));
    expect(toggle).toHaveAttribute('aria-checked', 'false');

    await ui.user.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    expect(sent).toEqual([{ method: 'POST', body: SUBSCRIPTION_JSON, auth: 'Bearer access-1' }]);

    await ui.user.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
    expect(sent[1]).toEqual({ method: 'DELETE', body: { endpoint: ENDPOINT }, auth: 'Bearer access-1' });
    expect(browser.unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('shows it on where this browser is subscribed, and logging out unsubscribes it with the student token', async () => {
    signedIn();
    const browser = fakeBrowser({ permission: 'granted', subscribed: true });
    const sent = pushServer();
    const ui = renderApp('/mypage');
    const toggle = await screen.findByRole('switch', { name: '푸시 알림' });
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    await ui.user.click(screen.getByRole('button', { name: '로그아웃' }));
    await waitFor(() => expect(browser.unsubscribe).toHaveBeenCalledTimes(1));
    expect(sent).toEqual([{ method: 'DELETE', body: { endpoint: ENDPOINT }, auth: 'Bearer access-1' }]);
    expect(localStorage.getItem('access')).toBeNull();
  });

  it('is absent where the browser cannot receive pushes', async () => {
    signedIn();
    renderApp('/mypage');
    await screen.findByRole('heading', { name: '김민지' });
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });
});

describe('a session that ends without the logout button', () => {
  it('unsubscribes this browser, with the token, when another tab logs out', async () => {
    signInAs();
    const browser = fakeBrowser({ permission: 'granted', subscribed: true });
    const sent = pushServer();
    renderApp('/');
    await screen.findByRole('heading', { name: '김민지님을 위한 추천 파티' });

    // The other tab's logout: its tokens go one key at a time, each seen here as a storage event.
    for (const key of ['access', 'refresh', 'accessToken']) {
      const oldValue = localStorage.getItem(key);
      localStorage.removeItem(key);
      act(() => {
        window.dispatchEvent(new StorageEvent('storage', { key, oldValue, newValue: null }));
      });
    }
    expect(await screen.findByRole('heading', { name: '게스트님을 위한 추천 파티' })).toBeInTheDocument();
    await waitFor(() => expect(browser.unsubscribe).toHaveBeenCalledTimes(1));
    expect(sent).toEqual([{ method: 'DELETE', body: { endpoint: ENDPOINT }, auth: 'Bearer access-1' }]);
  });

  it('drops the browser subscription when the refresh is refused, though the server no longer takes the token', async () => {
    signInAs();
    const browser = fakeBrowser({ permission: 'granted', subscribed: true });
    const sent: { method: string; auth: string | null }[] = [];
    server.use(
      http.get('/api/mypage/main/', () => new HttpResponse(null, { status: 401 })),
      http.post('/api/signup/auth/refresh/', () => HttpResponse.json({ detail: 'expired' }, { status: 401 })),
      http.delete('/api/push/subscriptions/', ({ request }) => {
        sent.push({ method: request.method, auth: request.headers.get('authorization') });
        return HttpResponse.json({ detail: 'expired' }, { status: 401 });
      }),
    );
    renderApp('/mypage');
    await waitFor(() => expect(localStorage.getItem('access')).toBeNull());
    await waitFor(() => expect(browser.unsubscribe).toHaveBeenCalledTimes(1));
    // Named with the token the session had (the server refuses it; the browser's side is gone all the same).
    expect(sent).toEqual([{ method: 'DELETE', auth: 'Bearer access-1' }]);
  });
});
