import { expect, test, type Page } from '@playwright/test';
import { E2E_OPS_TOKEN, login } from './helpers';

// Pages the server draws (the home list, a party's detail): what a phone shows before any script, and the app
// taking that page over. Service workers are blocked here: a worker answers later visits with the bare shell,
// which would hide the server's page.
test.use({ serviceWorkers: 'block' });

/** Console warnings and errors: a hydration that had to redraw warns, a CSP refusal is an error. */
function consoleTrouble(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (m) => {
    // The one warning that is this spec's own doing (service workers are blocked above).
    if (m.text().includes('blocked by Playwright')) return;
    if (m.type() === 'warning' || m.type() === 'error') seen.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => seen.push(`pageerror: ${e.message}`));
  return seen;
}

test.describe('before any script runs', () => {
  test.use({ javaScriptEnabled: false });

  test('a guest sees the home list and a party’s detail drawn by the server', async ({ page, request }) => {
    const list = (await (await request.get('/api/homemap/home/')).json()) as { id: number; title: string }[];
    await page.goto('/');
    await expect(page.getByRole('heading', { name: '게스트님을 위한 추천 파티' })).toBeVisible();
    await expect(page.getByRole('heading', { name: `#${list[0].title}` })).toBeVisible();
    expect(await page.locator('.party-card').count()).toBe(list.length);
    // Real links: without the app, a tap on a title still opens the party.
    await page.getByRole('link', { name: `#${list[0].title}` }).click();
    await expect(page).toHaveURL(`/partyinfo/${list[0].id}`);
    await expect(page.getByRole('heading', { name: list[0].title, level: 1 })).toBeVisible();
    // Its action as a guest sees it (참가신청, or 모집마감 if other tests filled it).
    await expect(page.locator('.join-bar').getByRole('button')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('detail-without-script.png') });
  });
});

test('the app takes the drawn page over without redrawing it, and it answers taps', async ({ page }) => {
  const trouble = consoleTrouble(page);
  await page.goto('/');
  // A party still taking students (other tests fill some).
  await page.getByRole('button', { name: '신청하기' }).first().tap();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(trouble).toEqual([]);
});

/** Holds the page's requests for `pattern` until the test lets them go. */
async function hold(page: Page, pattern: RegExp) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('a button tapped before the app has taken the page over is not ignored', async ({ page }) => {
  // The app's code is held back: the drawn page is all there is when the bell is tapped.
  const release = await hold(page, /\/assets\/index-[^/]+\.js$/);
  await page.goto('/');
  await page.getByRole('button', { name: '알림' }).tap();
  await expect(page).toHaveURL('/');
  release();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('a tap on a lazy screen waits for that screen, not only for the app', async ({ page, request }) => {
  const list = (await (await request.get('/api/homemap/home/')).json()) as { id: number; applied_count: number; max_participants: number }[];
  const open = list.find((p) => p.applied_count < p.max_participants)!;
  // The entry runs, the detail screen's own chunk is held: the page is hydrated but for the screen.
  const release = await hold(page, /\/assets\/PartyDetailScreen-[^/]+\.js$/);
  await page.goto(`/partyinfo/${open.id}`);
  await page.getByRole('button', { name: '참가신청' }).tap();
  release();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('dialog').getByText('로그인이 필요한 서비스입니다.')).toBeVisible();
});

test('a tap the app has handled is not replayed later', async ({ page, request }) => {
  const list = (await (await request.get('/api/homemap/home/')).json()) as { id: number }[];
  // The header is hydrated (the entry ran) while the detail screen's chunk is held.
  const release = await hold(page, /\/assets\/PartyDetailScreen-[^/]+\.js$/);
  await page.goto(`/partyinfo/${list[0].id}`);
  await expect.poll(() => page.evaluate(() => (window as unknown as { partyonEarlyTaps?: { appStarted: boolean } }).partyonEarlyTaps?.appStarted)).toBe(true);
  const before = await page.evaluate(() => history.length);
  await page.getByRole('button', { name: '알림' }).tap();
  await expect(page).toHaveURL(/\/notifications$/);
  release();
  await expect(page.getByRole('dialog')).toBeVisible();
  // One step in the history: the bell was not pressed a second time when the screen came in.
  expect(await page.evaluate(() => history.length)).toBe(before + 1);
});

test('a hostile party title is drawn as text, in the page and in its data', async ({ page, request }) => {
  // A title that would end the page's data script, and a String.replace pattern.
  const title = `</script><script>window.__pwned=1</script> $& 파티 ${Date.now() % 100000}`;
  const created = await request.post('/api/ops/demo/', { headers: { 'x-ops-token': E2E_OPS_TOKEN }, data: { minutes: 30, title } });
  expect(created.status()).toBe(201);
  const demo = (await created.json()) as { id: number };
  const trouble = consoleTrouble(page);
  await page.goto(`/partyinfo/${demo.id}`);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: '참가신청' }).tap();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(trouble).toEqual([]);
});

test('a signed-in student never gets the guest’s copy of a party they are in', async ({ page, request }) => {
  // An operator's demo party: the demo students are already in it, joined and paid.
  const created = await request.post('/api/ops/demo/', { headers: { 'x-ops-token': E2E_OPS_TOKEN }, data: { minutes: 30 } });
  expect(created.status()).toBe(201);
  const demo = (await created.json()) as { id: number };

  await login(page, 'student4', 'partyon1234');
  // What the page holds once it has been read, before the app has run.
  await page.addInitScript(`document.addEventListener('DOMContentLoaded', () => {
    window.__readPage = document.getElementById('root')?.textContent ?? null;
  });`);
  await page.goto(`/partyinfo/${demo.id}`);
  await expect(page.getByRole('button', { name: '참가 확정' })).toBeVisible();
  // The server drew the page as a guest (with 참가신청); the page's loader dropped that copy while it was read.
  const read = await page.evaluate(() => (window as unknown as { __readPage?: string | null }).__readPage);
  expect(read).not.toContain('참가신청');
  expect(await page.getByRole('button', { name: '참가신청' }).count()).toBe(0);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: '최민준님을 위한 추천 파티' })).toBeVisible();
});

test('each stylesheet a page needs is fetched once: the server’s preload is the one the app then uses', async ({ page }) => {
  for (const path of ['/map', '/login']) {
    const fetched: string[] = [];
    const listener = (r: { url: () => string; resourceType: () => string }) => {
      if (r.url().endsWith('.css')) fetched.push(new URL(r.url()).pathname);
    };
    page.on('request', listener);
    await page.goto(path);
    await expect(page.locator('main')).not.toBeEmpty();
    await page.waitForLoadState('networkidle');
    page.off('request', listener);
    const twice = fetched.filter((f, i) => fetched.indexOf(f) !== i);
    expect(twice, `${path} fetched ${fetched.join(', ')}`).toEqual([]);
  }
});
