import { expect, test } from '@playwright/test';
import { login, signupViaApi } from './helpers';
import { holdSeatViaApi, opsParty, payHeldSeat } from './seat-helpers';

// Issue 18 §1: a full party takes a line; when a seat frees, the first in line is offered it, told so, and pays.
test('a student waits for a full party, is offered the freed seat and pays for it', async ({ page, request }) => {
  const title = `대기 파티 ${Date.now().toString(36)}`;
  const partyId = await opsParty(request, title, 2);

  // Two other students take both seats (unpaid holds, through the API).
  const holders: string[] = [];
  for (let i = 0; i < 2; i += 1) holders.push(await holdSeatViaApi(request, await signupViaApi(request, 'waitfull'), partyId));

  const w = await signupViaApi(request, 'waiter');
  await login(page, w.username, w.password);
  await page.goto(`/partyinfo/${partyId}`);
  await expect(page.getByText('2 / 2명 참여')).toBeVisible();
  await page.getByRole('button', { name: '대기 신청' }).tap();
  await expect(page.getByRole('status').filter({ hasText: '대기 1번째' })).toBeVisible();
  await expect(page.getByRole('button', { name: '대기 취소' })).toBeVisible();

  // The assistant says it too.
  await page.getByRole('navigation', { name: '주요 메뉴' }).getByRole('button', { name: '파티비서' }).tap();
  const waiting = page.getByRole('region', { name: '대기 중인 파티' });
  await expect(waiting.getByRole('listitem').filter({ hasText: title })).toContainText('대기 1번째');

  // A holder backs out: the seat is offered to the first in line, with a notice that opens the party.
  expect((await request.post(`/api/detailview/parties/${partyId}/leave/`, { headers: { Authorization: `Bearer ${holders[0]}` } })).status()).toBe(200);
  await page.goto('/notifications');
  await page.getByRole('button', { name: new RegExp(`'${title}'에 자리가 났어요`) }).tap();
  await expect(page).toHaveURL(new RegExp(`/partyinfo/${partyId}$`));
  await payHeldSeat(page);

  await page.goto(`/partyinfo/${partyId}`);
  await expect(page.getByRole('button', { name: '참가 확정' })).toBeDisabled();
});
