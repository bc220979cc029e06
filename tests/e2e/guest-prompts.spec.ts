import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './axe';
import { collectDialogs, signupViaApi } from './helpers';
import { opsParty } from './seat-helpers';

// Issue 30 §9: a guest who opens a screen that needs a session is asked to sign in (the app's login-required modal),
// never left on an error with no way on, and comes back to that screen once signed in.

const PROMPT = '로그인이 필요한 서비스입니다.';

/** On /login (reached from the modal): signs in as a student would, and waits for the app to move on. */
async function signInFromPrompt(page: Page, student: { username: string; password: string }) {
  await page.getByRole('dialog').getByRole('button', { name: '로그인 / 회원가입' }).tap();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('아이디').fill(student.username);
  await page.getByLabel('비밀번호', { exact: true }).fill(student.password);
  await page.getByRole('button', { name: '로그인', exact: true }).tap();
}

test('a guest on a party’s participants list is asked to sign in, and after signing in sees the list', async ({ page, request }) => {
  await collectDialogs(page);
  // A party of the test's own, with the student's paid seat in it (joined and paid through the API).
  const student = await signupViaApi(request, 'guestp');
  const partyId = await opsParty(request, `guestp 파티 ${Date.now().toString(36)}`, 4);
  const { access } = (await (await request.post('/api/signup/auth/login/', { data: { username: student.username, password: student.password } })).json()) as { access: string };
  const headers = { Authorization: `Bearer ${access}` };
  const joined = await request.post(`/api/reserve/join/${partyId}/`, { headers });
  expect(joined.status()).toBe(201);
  const { id } = (await joined.json()) as { id: number };
  expect((await request.post(`/api/reserve/pay/${id}/`, { headers, data: { payment_method: 'POINT' } })).status()).toBe(200);

  await page.goto(`/participants/${partyId}`);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(PROMPT)).toBeVisible();
  await expect(dialog.getByRole('button', { name: '카카오로 1초 만에 시작하기' })).toBeVisible();
  await expect(page.getByText('참가자 정보를 불러오지 못했습니다.')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('participants-guest.png') });
  await expectAccessible(page, '/participants/{id} (guest, login-required modal)');

  // Closing the question goes to the party the list belongs to.
  await dialog.getByRole('button', { name: '닫기' }).tap();
  await expect(page).toHaveURL(new RegExp(`/partyinfo/${partyId}$`));

  await page.goto(`/participants/${partyId}`);
  await signInFromPrompt(page, student);
  await expect(page).toHaveURL(new RegExp(`/participants/${partyId}$`));
  const me = page.getByRole('listitem').filter({ hasText: student.username });
  await expect(me).toBeVisible();
  await expect(me.getByRole('button', { name: '신고 불가' })).toBeVisible();
});

test('a guest on 참여이력 is asked to sign in instead of reading an error, and comes back to it', async ({ page, request }) => {
  await collectDialogs(page);
  const student = await signupViaApi(request, 'guesth');

  await page.goto('/mypage/history');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(PROMPT)).toBeVisible();
  await expect(page.getByText(/에러:/)).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('history-guest.png') });
  await expectAccessible(page, '/mypage/history (guest, login-required modal)');
  await dialog.getByRole('button', { name: '닫기' }).tap();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/mypage/history');
  await signInFromPrompt(page, student);
  await expect(page).toHaveURL(/\/mypage\/history$/);
  // A new student has attended nothing yet: the server's answer, not an error.
  await expect(page.getByText('참여 이력이 없습니다.')).toBeVisible();
});
