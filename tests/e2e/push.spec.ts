import { expect, test } from '@playwright/test';
import { browserSubscription, readVapid, startPushService } from '../helpers/push-service';
import { E2E_OPS_TOKEN, login, signupViaApi } from './helpers';
import { opsParty } from './seat-helpers';
import { deliverPush, shownNotifications, stubPushManager, turnOnPush } from './push-helpers';
import { pushStandInPort } from './push-stand-ins';

// Chromium here reaches no real push service, so the page's PushManager hands out a subscription whose endpoint is a
// stand-in on this machine (and whose keys this test holds; push-helpers.ts). The server encrypts and posts the push
// there; the test decrypts it as the push service's phone would and hands it to the worker through CDP, as a push
// service would.
test('a party cancelled while the app is closed reaches the phone as a notification', async ({ page, context, request, baseURL }) => {
  const service = await startPushService({ port: pushStandInPort('push') });
  try {
    const browser = browserSubscription(`${service.origin}/push/e2e-${Date.now()}`);
    await context.grantPermissions(['notifications'], { origin: baseURL });
    await stubPushManager(page, browser.json);

    const s = await signupViaApi(request, 'push');
    await login(page, s.username, s.password);
    await turnOnPush(page);

    const ops = { 'X-Ops-Token': E2E_OPS_TOKEN };
    const title = `푸시 파티 ${Date.now().toString(36)}`;
    const partyId = await opsParty(request, title, 4);
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

    await deliverPush(context, page, baseURL as string, data);
    await expect
      .poll(() => shownNotifications(page))
      .toEqual([{ title: '파티가 취소되었어요', body: `'${title}' 파티가 취소되었습니다. 보증금 1,000P가 환불되었습니다.`, link: `/partyinfo/${partyId}` }]);
  } finally {
    await service.close();
  }
});
