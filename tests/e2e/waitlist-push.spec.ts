import { expect, test } from '@playwright/test';
import { browserSubscription, startPushService } from '../helpers/push-service';
import { login, signupViaApi } from './helpers';
import { deliverPush, shownNotifications, stubPushManager, turnOnPush } from './push-helpers';
import { pushStandInPort } from './push-stand-ins';
import { holdSeatViaApi, opsParty, payHeldSeat } from './seat-helpers';

// Issue 18: one student holds the last seat of a full party, another (on a phone of her own: a second browser
// context) waits for it with pushes on. The holder leaves; the offer reaches the waiting phone as a push, whose link
// opens the party, where she pays and holds the seat.
test('a waiting student gets the freed seat by push on her own phone and pays for it', async ({ browser: chromium, page, request, baseURL }) => {
  const origin = baseURL as string;
  const service = await startPushService({ port: pushStandInPort('waitlist-push') });
  const phoneB = await chromium.newContext();
  try {
    const title = `푸시 대기 ${Date.now().toString(36)}`;
    const partyId = await opsParty(request, title, 2);
    await holdSeatViaApi(request, await signupViaApi(request, 'wpfill'), partyId);

    // A takes the last seat on her own phone.
    const a = await signupViaApi(request, 'wpholder');
    await login(page, a.username, a.password);
    await page.goto(`/partyinfo/${partyId}`);
    await page.getByRole('button', { name: '참가신청' }).tap();
    await expect(page).toHaveURL(/\/payment$/);

    // B turns pushes on and gets in line.
    const b = await signupViaApi(request, 'wpwaiter');
    const sub = browserSubscription(`${service.origin}/push/wl-${Date.now()}`);
    await phoneB.grantPermissions(['notifications'], { origin });
    const pageB = await phoneB.newPage();
    await stubPushManager(pageB, sub.json);
    await login(pageB, b.username, b.password);
    await turnOnPush(pageB);
    await pageB.goto(`/partyinfo/${partyId}`);
    await expect(pageB.getByText('2 / 2명 참여')).toBeVisible();
    await pageB.getByRole('button', { name: '대기 신청' }).tap();
    await expect(pageB.getByRole('status').filter({ hasText: '대기 1번째' })).toBeVisible();

    // A backs out, from her phone (with her session's token).
    const tokenA = await page.evaluate(() => localStorage.getItem('access'));
    const left = await page.request.post(`/api/detailview/parties/${partyId}/leave/`, { headers: { Authorization: `Bearer ${tokenA}` } });
    expect(left.status()).toBe(200);

    // The offer is pushed to B's phone: the stand-in gets it, B's keys read it.
    await expect.poll(() => service.deliveries.length).toBe(1);
    const data = sub.decrypt(service.deliveries[0].body);
    const push = JSON.parse(data) as { title: string; body: string; link: string };
    expect(push.title).toBe('기다리던 파티에 자리가 났어요');
    expect(push.body).toContain(`'${title}'에 자리가 났어요!`);
    expect(push.link).toBe(`/partyinfo/${partyId}`);

    await deliverPush(phoneB, pageB, origin, data);
    await expect.poll(() => shownNotifications(pageB)).toEqual([push]);

    // The notification's link opens the party, where the held seat is paid for.
    await pageB.goto(push.link);
    await payHeldSeat(pageB);
    await pageB.goto(push.link);
    await expect(pageB.getByRole('button', { name: '참가 확정' })).toBeDisabled();
  } finally {
    await phoneB.close();
    await service.close();
  }
});
