import { expect, test } from '@playwright/test';
import { PUBLIC_API_ANSWER } from '../../src/client/api/public-answers';
import { login, signupViaApi } from './helpers';

// Service workers need their own context per test; the default context in the config allows them.
test('the service worker controls the page after the first load and the shell opens offline', async ({ page, context }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toMatch(/\/sw\.js$/);
  const manifest = await page.evaluate(async () => (await fetch('/manifest.webmanifest')).json());
  expect(manifest).toMatchObject({ lang: 'ko', display: 'standalone', short_name: '파티온' });
  expect(manifest.icons.map((i: { sizes: string }) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));

  await context.setOffline(true);
  await page.goto('/map');
  await expect(page.getByRole('status').filter({ hasText: '오프라인 상태입니다.' })).toBeVisible();
  await expect(page.getByRole('navigation')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('offline.png') });
  await context.setOffline(false);
});

test("no student's API answer is in any cache after logout", async ({ page, request }) => {
  const s = await signupViaApi(request);
  await login(page, s.username, s.password);
  const first = await page.evaluate(async () => {
    const token = localStorage.getItem('access');
    const res = await fetch('/api/mypage/main/', { headers: { authorization: `Bearer ${token}` } });
    return { status: res.status, cacheControl: res.headers.get('cache-control') };
  });
  expect(first).toEqual({ status: 200, cacheControl: 'private, no-store' });
  // A party's page read with the student's token (their seat in it) is kept by the worker until logout.
  await page.goto('/');
  await page.getByText('#새내기 환영 보드게임 파티').tap();
  await expect(page).toHaveURL(/\/partyinfo\/\d+$/);
  const partyApi = `/api/detailview/parties/${new URL(page.url()).pathname.split('/').pop()}/`;

  await page.goto('/mypage');
  await page.getByRole('button', { name: '로그아웃' }).tap();
  await expect(page).toHaveURL(/\/$/);
  const after = await page.evaluate(async () => {
    const res = await fetch('/api/mypage/main/');
    // Home refills the art cache and its own list at once (everyone's); nothing else of /api may be left.
    const cached: string[] = [];
    for (const name of 'caches' in window ? await caches.keys() : []) {
      for (const req of await (await caches.open(name)).keys()) cached.push(new URL(req.url).pathname);
    }
    return { status: res.status, apiInCache: cached.filter((p) => p.startsWith('/api/')) };
  });
  expect(after.status).toBe(401);
  expect(after.apiInCache.filter((p) => !PUBLIC_API_ANSWER.test(p))).toEqual([]);
  expect(after.apiInCache).not.toContain(partyApi);
});
