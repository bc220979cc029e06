import { expect, test } from '@playwright/test';
import { expectAccessible } from './axe';
import { login, signupViaApi } from './helpers';
import { opsParty, payHeldSeat } from './seat-helpers';

// Several axe scans (ten seconds or more each on a busy machine): the cap only catches a wait that never ends.
test.describe.configure({ timeout: 300_000 });

test('my seat shows on home and map cards, and the bell counts unread notices and opens their party', async ({ page, request }) => {
  // A party of the test's own: the demo campus's seats stay as seeded for the tests that read them.
  const title = `내 자리 파티 ${Date.now().toString(36)}`;
  await opsParty(request, title, 4);
  const s = await signupViaApi(request, 'mystate');
  await login(page, s.username, s.password);
  const homeCard = page.getByRole('listitem').filter({ hasText: `#${title}` });
  await expect(homeCard.getByRole('button', { name: '신청하기' })).toBeVisible();

  // Joined from another tab or device: the seat awaits payment (leaving /payment here would give it back).
  const access = await page.evaluate(() => localStorage.getItem('access'));
  const partyId = Number((await homeCard.getByRole('link').getAttribute('href'))?.split('/').pop());
  const joined = await request.post(`/api/reserve/join/${partyId}/`, { headers: { Authorization: `Bearer ${access}` } });
  expect(joined.status()).toBe(201);
  await page.reload();
  await expect(homeCard).toContainText('결제 대기');
  await expect(homeCard.getByRole('button', { name: '신청하기' })).toHaveCount(0);

  await homeCard.getByRole('link').tap();
  await payHeldSeat(page);

  await page.getByRole('navigation', { name: '주요 메뉴' }).getByRole('button', { name: '홈' }).tap();
  await expect(homeCard).toContainText('참가 확정');
  // Card approved, applied, paid: the card's approval is the one unread — paying answered the application, and the
  // payment was seen on screen (docs/rules.md "Notifications").
  const bell = page.getByRole('button', { name: '알림 1개 안 읽음' });
  await expect(bell).toContainText('1');
  await expectAccessible(page, 'home with my state and the unread badge');

  await page.getByRole('navigation', { name: '주요 메뉴' }).getByRole('button', { name: '지도' }).tap();
  await expect(page.getByRole('listitem').filter({ hasText: title })).toContainText('참가 확정');

  await page.getByRole('button', { name: '알림 1개 안 읽음' }).tap();
  await expect(page).toHaveURL(/\/notifications$/);
  await page.getByRole('button', { name: /참가가 확정되었어요/ }).tap();
  await expect(page).toHaveURL(new RegExp(`/partyinfo/${partyId}$`));
  await expect(page.getByRole('heading', { name: title })).toBeVisible();

  await page.goto('/');
  await expect(page.getByRole('button', { name: '알림 1개 안 읽음' })).toContainText('1');
});
