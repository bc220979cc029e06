import { expect, test } from '@playwright/test';
import { browserSubscription, readVapid, startPushService } from '../helpers/push-service';
import { E2E_OPS_TOKEN, login, signupViaApi } from './helpers';

// Chromium here reaches no real push service, so the page's PushManager hands out a subscription whose endpoint is a
// stand-in on this machine (and whose keys this test holds). The server encrypts and posts the push there; the test
// decrypts it as the push service's phone would and hands it to the worker through CDP, as a push service would.
test('a party cancelled while the app is closed reaches the phone as a notification', async ({ page, context, request, baseURL }) => {
  const service = await startPushService();
  try {
    const browser = browserSubscription(`${service.origin}/push/e2e-${Date.now()}`);
    await context.grantPermissions(['notifications'], { origin: baseURL });
    await page.addInitScript((sub) => {
      let current: object | null = null;
      const make = () => ({
        endpoint: sub.endpoint,
        expirationTime: null,
        toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }),
        unsubscribe: async () => {
          current = null;
          return true;
        },
      });
      PushManager.prototype.subscribe = async () => (current = make()) as unknown as PushSubscription;
      PushManager.prototype.getSubscription = async () => current as PushSubscription | null;
    }, browser.json);

    const s = await signupViaApi(request, 'push');
    await login(page, s.username, s.password);
    // The worker controls the page before anything is subscribed through it.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });

    await page.goto('/mypage');
    const toggle = page.getByRole('switch', { name: '푸시 알림' });
    await expect(toggle).toHaveAttribute('aria-disabled', 'false');
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await toggle.tap();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');

    const ops = { 'X-Ops-Token': E2E_OPS_TOKEN };
    const title = `푸시 파티 ${Date.now().toString(36)}`;
    const created = await request.post('/api/ops/parties/', {
      headers: ops,
      data: { title, place_id: 1, start_time: new Date(Date.now() + 48 * 3_600_000).toISOString(), max_participants: 4, deposit: 1000, tags: ['테스트'] },
    });
    expect(created.status()).toBe(201);
    const { id: partyId } = (await created.json()) as { id: number };
    const signedIn = await request.post('/api/signup/auth/login/', { data: { username: s.username, password: s.password } });
    const headers = { Authorization: `Bearer ${((await signedIn.json()) as { access: string }).access}` };
    const join = await request.post(`/api/reserve/join/${partyId}/`, { headers });
    expect(join.status()).toBe(201);
    expect((await request.post(`/api/reserve/pay/${((await join.json()) as { id: number }).id}/`, { headers, data: { payment_method: 'POINT' } })).status()).toBe(200);
    expect((await request.post(`/api/ops/parties/${partyId}/cancel/`, { headers: ops })).status()).toBe(200);

    // Only the cancellation is pushed (joining and paying are in the app only).
    await expect.poll(() => service.deliveries.length).toBe(1);
    const [delivery] = service.deliveries;
    expect(readVapid(delivery.headers.authorization).claims.aud).toBe(service.origin);
    const data = browser.decrypt(delivery.body);
    expect(JSON.parse(data)).toEqual({ title: '파티가 취소되었어요', body: `'${title}' 파티가 취소되었습니다. 보증금 1,000P가 환불되었습니다.`, link: `/partyinfo/${partyId}` });

    const cdp = await context.newCDPSession(page);
    const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => registrations.push(...e.registrations));
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => registrations.find((r) => r.scopeURL === `${baseURL}/` && !r.isDeleted)?.registrationId).toBeTruthy();
    const registrationId = registrations.find((r) => r.scopeURL === `${baseURL}/` && !r.isDeleted)?.registrationId as string;
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: baseURL as string, registrationId, data });

    await expect
      .poll(() =>
        page.evaluate(async () => {
          const shown = await (await navigator.serviceWorker.ready).getNotifications();
          return shown.map((n) => ({ title: n.title, body: n.body, link: (n.data as { link: string }).link }));
        }),
      )
      .toEqual([{ title: '파티가 취소되었어요', body: `'${title}' 파티가 취소되었습니다. 보증금 1,000P가 환불되었습니다.`, link: `/partyinfo/${partyId}` }]);
  } finally {
    await service.close();
  }
});
