import { expect, test } from '@playwright/test';
import { E2E_OPS_TOKEN, login, signupViaApi } from './helpers';

const HOSTILE = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';

test('HTML and script in an intro and a party title are shown as text, never run', async ({ page, request }) => {
  const s = await signupViaApi(request, 'xss');
  const tokens = (await (await request.post('/api/signup/auth/login/', { data: { username: s.username, password: s.password } })).json()) as { access: string };
  const auth = { authorization: `Bearer ${tokens.access}` };
  expect((await request.patch('/api/mypage/profile/', { headers: auth, multipart: { intro: HOSTILE } })).status()).toBe(200);

  // A party this student and a demo student are both in, so the intro also shows on the participants list.
  const demo = await (await request.post('/api/ops/demo/', { headers: { 'x-ops-token': E2E_OPS_TOKEN }, data: { minutes: 30, title: `<b>굵게</b> 파티 ${Date.now()}` } })).json();
  const join = await (await request.post(`/api/reserve/join/${demo.id}/`, { headers: auth })).json();
  expect((await request.post(`/api/reserve/pay/${join.id}/`, { headers: auth, data: { payment_method: 'POINT' } })).status()).toBe(200);

  await login(page, s.username, s.password);
  await page.goto('/mypage');
  await expect(page.getByText(HOSTILE)).toBeVisible();
  await page.goto(`/participants/${demo.id}`);
  await expect(page.getByText(HOSTILE)).toBeVisible();
  await page.goto(`/partyinfo/${demo.id}`);
  await expect(page.getByRole('heading', { name: /<b>굵게<\/b> 파티/ })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(await page.locator('img[src="x"]').count()).toBe(0);
});
