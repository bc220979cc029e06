import { expect, test } from '@playwright/test';
import { expectAccessible } from './axe';
import { login, partyOfFour, signupViaApi, standbyViaApi } from './helpers';
import { deliverPush, shownNotifications } from './push-helpers';
import { opsParty } from './seat-helpers';

// An axe scan takes ten seconds or more on a busy machine: the cap only catches a wait that never ends.
test.describe.configure({ timeout: 300_000 });

// Issue 30 §5: quiet, truthful notices.
test('a joined and paid party reads as one quiet thread, and 모두 읽음 quiets the bell', async ({ page, request }) => {
  // A party and a student of the test's own: the demo campus's seats stay as seeded.
  const title = `알림 스레드 ${Date.now().toString(36)}`;
  const partyId = await opsParty(request, title, 4);
  const s = await signupViaApi(request, 'notice');
  const signedIn = await request.post('/api/signup/auth/login/', { data: { username: s.username, password: s.password } });
  const headers = { Authorization: `Bearer ${((await signedIn.json()) as { access: string }).access}` };
  const joined = await request.post(`/api/reserve/join/${partyId}/`, { headers });
  expect(joined.status()).toBe(201);
  const { id } = (await joined.json()) as { id: number };
  expect((await request.post(`/api/reserve/pay/${id}/`, { headers, data: { payment_method: 'POINT' } })).status()).toBe(200);

  await login(page, s.username, s.password);
  // Card approved, applied, paid: only the approval rings — the payment answered the application.
  const bell = page.getByRole('button', { name: '알림 1개 안 읽음' });
  await expect(bell).toContainText('1');
  await bell.tap();
  await expect(page).toHaveURL(/\/notifications$/);

  const thread = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(thread.getByRole('heading')).toHaveText(`${title} 알림 2개`);
  await expect(thread.getByRole('button', { name: /결제가 완료되었습니다/ })).toBeVisible();
  await expect(thread.getByRole('button', { name: /참가 신청이 접수되었습니다/ })).toHaveCount(0);
  await thread.getByRole('button', { name: '이전 알림 1개 보기' }).tap();
  await expect(thread.getByRole('button', { name: /참가 신청이 접수되었습니다/ })).not.toContainText('읽지 않음');
  await expectAccessible(page, '/notifications with a party thread');

  await page.getByRole('button', { name: '모두 읽음' }).tap();
  await expect(page.getByRole('status').filter({ hasText: '모든 알림을 읽음으로 표시했어요.' })).toBeVisible();
  await expect(page.getByRole('button', { name: /학생증 확인이 끝났습니다/ })).not.toContainText('읽지 않음');
  await expect(page.getByRole('button', { name: '모두 읽음' })).toHaveCount(0);
  await page.goto('/');
  await expect(page.getByRole('button', { name: '알림', exact: true })).not.toContainText(/\d/);
});

test('no pop-up while a balance game is on screen, and pop-ups as ever elsewhere', async ({ page, context, request, baseURL }) => {
  await context.grantPermissions(['notifications'], { origin: baseURL });
  // Ten minutes ahead: inside the standby window, so three on standby create the round.
  const { partyId, students, tokens } = await partyOfFour(request, 'quiet', 10 * 60_000);
  for (const token of tokens.slice(0, 3)) await standbyViaApi(request, token, partyId);

  await login(page, students[0].username, students[0].password);
  await page.goto(`/balancewait/${partyId}`);
  await expect(page).toHaveURL(/\/balancegame\/\d+$/);
  await expect(page.getByText('1 / 5')).toBeVisible();

  const push = (body: string) => JSON.stringify({ title: '파티 일정 알림', body, link: '/notifications' });
  // The worker asks the window which screen it shows; leaving the game before the app has answered would let the
  // worker fall back to the page the tab loaded (/balancewait/…) and show the pop-up. A listener added after the
  // app's own hears the question once the app has answered it.
  await page.evaluate(() => {
    const w = window as unknown as { answeredWhere: Promise<void> };
    w.answeredWhere = new Promise<void>((resolve) => {
      navigator.serviceWorker.addEventListener('message', (e: MessageEvent<{ type?: string }>) => {
        if (e.data?.type === 'partyon:where') resolve();
      });
    });
  });
  await deliverPush(context, page, baseURL as string, push('게임 중에 온 알림'));
  await page.evaluate(() => (window as unknown as { answeredWhere: Promise<void> }).answeredWhere);
  // Off the game, a push shows as ever; the first was answered '/balancegame/…' above, so it never shows.
  await page.goto('/notifications');
  await deliverPush(context, page, baseURL as string, push('게임이 끝나고 온 알림'));
  await expect.poll(() => shownNotifications(page)).toEqual([{ title: '파티 일정 알림', body: '게임이 끝나고 온 알림', link: '/notifications' }]);
});
