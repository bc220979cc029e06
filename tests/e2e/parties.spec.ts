import { expect, test } from '@playwright/test';
import { collectDialogs, login, signupViaApi } from './helpers';
import { holdSeatViaApi, opsParty } from './seat-helpers';

test('a guest browses home → detail → 참가신청 gets the login-required modal and no join request is sent', async ({ page }) => {
  const joinCalls: string[] = [];
  page.on('request', (r) => r.url().includes('/api/reserve/join/') && joinCalls.push(r.url()));
  await page.goto('/');
  await page.getByText('#새내기 환영 보드게임 파티').tap();
  await expect(page).toHaveURL(/\/partyinfo\/\d+$/);
  await expect(page.getByRole('heading', { name: '새내기 환영 보드게임 파티' })).toBeVisible();
  await page.getByRole('button', { name: '참가신청' }).tap();
  const modal = page.getByRole('dialog');
  await expect(modal.getByText('로그인이 필요한 서비스입니다.')).toBeVisible();
  expect(joinCalls).toEqual([]);
});

test('a student logs in, joins, pays, sees the success modal and ends on /assist', async ({ page, request }) => {
  const dialogs = await collectDialogs(page);
  // A party of the test's own (1,000P deposit): the demo campus's seats stay as seeded for the tests that read them.
  const title = `참가 결제 파티 ${Date.now().toString(36)}`;
  await opsParty(request, title, 4);
  const s = await signupViaApi(request);
  await login(page, s.username, s.password);
  await page.getByText(`#${title}`).tap();
  await page.getByRole('button', { name: '참가신청' }).tap();

  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByRole('heading', { name: '예약 보증금 결제' })).toBeVisible();
  await expect(page.getByText('무료')).toBeVisible();
  await expect(page.getByText('보유 포인트 10,000P')).toBeVisible();
  const payButton = page.getByRole('button', { name: '결제하기' });
  await expect(payButton).toBeDisabled();
  await page.getByRole('checkbox').check();
  await payButton.tap();

  const modal = page.getByRole('alertdialog');
  await expect(modal).toContainText('결제 완료! 사용 포인트: 1,000P');
  await page.screenshot({ path: test.info().outputPath('payment-done.png') });
  await modal.getByRole('button', { name: '확인' }).tap();
  await expect(page).toHaveURL(/\/paymentfinish$/);
  await page.getByRole('button', { name: '확인' }).tap();
  await expect(page).toHaveURL(/\/assist$/);
  expect(dialogs).toEqual(['로그인 성공.']);

  // Joining the same party again is refused with the spec's text.
  await page.goto('/');
  await page.getByText(`#${title}`).tap();
  await expect(page.getByRole('button', { name: '참가 확정' })).toBeDisabled();
  await expect(page.getByRole('button', { name: '참가신청' })).toHaveCount(0);
});

test('the full party says 모집마감 and offers its line (대기 신청) in place of joining', async ({ page, request }) => {
  // A full party of the test's own: two other students hold its two seats.
  const title = `만석 파티 ${Date.now().toString(36)}`;
  const partyId = await opsParty(request, title, 2);
  for (let i = 0; i < 2; i += 1) await holdSeatViaApi(request, await signupViaApi(request, 'full'), partyId);
  const s = await signupViaApi(request);
  await login(page, s.username, s.password);
  const card = page.getByRole('listitem').filter({ hasText: `#${title}` });
  await card.getByRole('button', { name: '대기 신청' }).tap();
  await expect(page).toHaveURL(new RegExp(`/partyinfo/${partyId}$`));
  await expect(page.getByRole('button', { name: '대기 신청' })).toBeEnabled();
  await expect(page.locator('.join-bar').getByText('모집마감')).toBeVisible();
  await expect(page.getByRole('button', { name: '참가신청' })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('full-party.png') });
});

test('a notification turns read when tapped and opens its party', async ({ page, request }) => {
  const title = `알림 파티 ${Date.now().toString(36)}`;
  await opsParty(request, title, 4);
  const s = await signupViaApi(request);
  await login(page, s.username, s.password);
  await page.getByRole('listitem').filter({ hasText: `#${title}` }).getByRole('button', { name: '신청하기' }).tap();
  await expect(page).toHaveURL(/\/payment$/);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: '결제하기' }).tap();
  await page.getByRole('alertdialog').getByRole('button', { name: '확인' }).tap();
  await expect(page).toHaveURL(/\/paymentfinish$/);

  // The header's bell: the finish screen, once its code is in, offers pushes with an 알림 받기 button of its own.
  await page.getByRole('banner').getByRole('button', { name: /^알림/ }).tap();
  // The party's two notices (paid, and the application before it) read as one thread, both read: the payment answered
  // the application and was seen on screen. The operator's approval of the student card (signupViaApi) stands alone.
  const thread = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(thread.getByRole('heading')).toHaveText(`${title} 알림 2개`);
  const newest = thread.getByRole('button', { name: /참가가 확정되었어요!/ });
  await expect(newest).not.toContainText('읽지 않음');
  const approval = page.getByRole('button', { name: /학생증 확인이 끝났습니다\./ });
  await expect(approval).toContainText('읽지 않음');
  // A notice opens the party it is about.
  await newest.tap();
  await expect(page).toHaveURL(/\/partyinfo\/\d+$/);
  await page.goBack();
  // An unread one turns read when tapped (and opens my page, for a card decision).
  const patched = page.waitForResponse((r) => r.url().includes('/api/notice/') && r.request().method() === 'PATCH');
  await approval.tap();
  expect((await patched).status()).toBe(200);
  await expect(page).toHaveURL(/\/mypage$/);
  await page.goBack();
  await expect(approval).not.toContainText('읽지 않음');
  await page.reload();
  await expect(page.getByRole('button', { name: /학생증 확인이 끝났습니다\./ })).not.toContainText('읽지 않음');
  await page.screenshot({ path: test.info().outputPath('notifications.png') });
});
