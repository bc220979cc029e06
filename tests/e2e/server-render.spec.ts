import { type APIRequestContext, expect, test, type Page } from '@playwright/test';
import { PAGE_DATA_ID, type PageData } from '../../src/shared/page-data';
import { E2E_OPS_TOKEN, login, signupViaApi } from './helpers';
import { opsParty, paidSeatViaApi } from './seat-helpers';

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

/**
 * The list a drawn page was drawn from: the API answer it carries for the app (`path`'s entry of its page data).
 * Other tests add parties while this one runs, so a drawn list is compared with its own data, not with a second
 * read of the API that may already have one more party.
 */
async function drawnFrom(page: Page, path: string): Promise<unknown[]> {
  const data = JSON.parse((await page.locator(`#${PAGE_DATA_ID}`).textContent()) ?? '') as PageData;
  const list = data.fallback[path];
  expect(Array.isArray(list), `the page's data for ${path}`).toBe(true);
  return list as unknown[];
}

/** A party of the test's own with seats left: nobody else fills it, so a guest's 참가신청 stays on its page. */
const ownParty = async (request: APIRequestContext) => {
  const title = `서버 그림 파티 ${Date.now().toString(36)}`;
  return { id: await opsParty(request, title, 4), title };
};

test.describe('before any script runs', () => {
  test.use({ javaScriptEnabled: false });

  test('a guest sees the home list and a party’s detail drawn by the server', async ({ page, request }) => {
    const party = await ownParty(request);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: '게스트님을 위한 추천 파티' })).toBeVisible();
    await expect(page.getByRole('heading', { name: `#${party.title}` })).toBeVisible();
    expect(await page.locator('.party-card').count()).toBe((await drawnFrom(page, '/api/homemap/home/')).length);
    // Real links: without the app, a tap on a title still opens the party.
    await page.getByRole('link', { name: `#${party.title}` }).click();
    await expect(page).toHaveURL(`/partyinfo/${party.id}`);
    await expect(page.getByRole('heading', { name: party.title, level: 1 })).toBeVisible();
    // Its action as a guest sees it.
    await expect(page.locator('.join-bar').getByRole('button', { name: '참가신청' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('detail-without-script.png') });
  });

  test('a guest sees the campus map and the sheet of parties drawn by the server', async ({ page }) => {
    await page.goto('/map');
    const art = page.locator('.map-art img');
    await expect(art).toBeVisible();
    await expect.poll(() => art.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(page.getByRole('heading', { name: '다가오는 파티' })).toBeVisible();
    // Every card of the list (a tap on one before the app runs is replayed once it does: lib/early-taps.ts).
    expect(await page.locator('.map-card').count()).toBe((await drawnFrom(page, '/api/detailview/parties/')).length);
    await expect(page.getByRole('button', { name: '상세보기' }).first()).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('map-without-script.png') });
  });
});

/** Where the campus picture is drawn on screen: by CSS (object-fit: cover in its box) until placed, then the transformed art. */
const pictureRect = (page: Page) =>
  page.evaluate(() => {
    const art = document.querySelector<HTMLElement>('.map-art')!;
    const img = art.querySelector('img')!;
    if (!art.classList.contains('map-art--unplaced')) {
      const r = art.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    }
    const box = img.getBoundingClientRect();
    const scale = Math.max(box.width / img.naturalWidth, box.height / img.naturalHeight);
    const [width, height] = [img.naturalWidth * scale, img.naturalHeight * scale];
    return { x: box.x + (box.width - width) / 2, y: box.y + (box.height - height) / 2, width, height };
  });

test('the app takes the drawn map over where it is: the art does not move, the markers come over it', async ({ page }) => {
  const trouble = consoleTrouble(page);
  // The app's code is held: what the phone shows is the server's page alone.
  const release = await hold(page, /\/assets\/index-[^/]+\.js$/);
  await page.goto('/map');
  const art = page.locator('.map-art img');
  await expect.poll(() => art.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  // The picture covers the map above the collapsed sheet (25 % of the screen), which sits on the footer.
  const [map, box, sheet] = await Promise.all([page.locator('.map-screen').boundingBox(), art.boundingBox(), page.locator('.map-sheet').boundingBox()]);
  expect(box!.width).toBeCloseTo(map!.width, 0);
  expect(box!.y + box!.height).toBeCloseTo(sheet!.y, 0);
  expect(sheet!.height).toBeCloseTo(page.viewportSize()!.height * 0.25, 0);
  await page.screenshot({ path: test.info().outputPath('map-drawn.png') });
  const drawn = await pictureRect(page);
  const handle = await art.elementHandle();

  release();
  // The markers' canvas is up: the stage has taken the art over.
  await expect(page.locator('.map-stage__surface')).not.toHaveAttribute('data-markers', '0');
  await expect(page.locator('.map-art')).not.toHaveClass(/map-art--unplaced/);
  const taken = await pictureRect(page);
  for (const key of ['x', 'y', 'width', 'height'] as const) expect(Math.abs(taken[key] - drawn[key]), key).toBeLessThan(1);
  // The same picture element: hydrated, not drawn again.
  expect(await handle!.evaluate((img) => img.isConnected)).toBe(true);
  expect(await page.locator('.map-sheet').boundingBox()).toEqual(sheet);
  // The sheet still opens.
  await page.getByRole('button', { name: '목록 펼치기' }).tap();
  await expect(page.getByRole('button', { name: '목록 접기' })).toBeVisible();
  expect(trouble).toEqual([]);
});

test.describe('on a wide screen without touch', () => {
  test.use({ viewport: { width: 1280, height: 800 }, hasTouch: false, isMobile: false });

  test('the drawn phone map is dropped and the app draws the side panel', async ({ page }) => {
    const trouble = consoleTrouble(page);
    await page.addInitScript(`document.addEventListener('DOMContentLoaded', () => {
      window.__sheetRead = document.querySelector('.map-sheet') !== null;
    });`);
    await page.goto('/map');
    await expect(page.locator('aside.map-panel')).toBeVisible();
    expect(await page.locator('.map-sheet').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __sheetRead?: boolean }).__sheetRead)).toBe(false);
    expect(trouble).toEqual([]);
  });
});

test('the app takes the drawn page over without redrawing it, and it answers taps', async ({ page, request }) => {
  const party = await ownParty(request);
  const trouble = consoleTrouble(page);
  await page.goto('/');
  await page.getByRole('listitem').filter({ hasText: `#${party.title}` }).getByRole('button', { name: '신청하기' }).tap();
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
  const open = await ownParty(request);
  // The entry runs, the detail screen's own chunk is held: the page is hydrated but for the screen.
  const release = await hold(page, /\/assets\/PartyDetailScreen-[^/]+\.js$/);
  await page.goto(`/partyinfo/${open.id}`);
  await page.getByRole('button', { name: '참가신청' }).tap();
  release();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('dialog').getByText('로그인이 필요한 서비스입니다.')).toBeVisible();
});

test('a tap the app has handled is not replayed later', async ({ page, request }) => {
  const party = await ownParty(request);
  // The header is hydrated (the entry ran) while the detail screen's chunk is held.
  const release = await hold(page, /\/assets\/PartyDetailScreen-[^/]+\.js$/);
  await page.goto(`/partyinfo/${party.id}`);
  await expect.poll(() => page.evaluate(() => (window as unknown as { partyonEarlyTaps?: { appStarted: boolean } }).partyonEarlyTaps?.appStarted)).toBe(true);
  const before = await page.evaluate(() => history.length);
  await page.getByRole('button', { name: '알림' }).tap();
  await expect(page).toHaveURL(/\/notifications$/);
  release();
  await expect(page.getByRole('dialog')).toBeVisible();
  // One step in the history for the bell, and one for the login dialog (the entry back closes it with, issue 30
  // §8): the bell was not pressed a second time when the screen came in.
  expect(await page.evaluate(() => history.length)).toBe(before + 2);
  expect(await page.evaluate(() => (history.state as { partyonLayer?: number } | null)?.partyonLayer)).toBe(1);
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

test('a signed-in student sees the drawn home at once, without the guest’s name or buttons, then their own', async ({ page }) => {
  await login(page, 'student4', 'partyon1234');
  // What the student could see of the page before the app ran: the drawn cards' pictures, and the guest's parts hidden.
  await page.addInitScript(`document.addEventListener('DOMContentLoaded', () => {
    const root = document.getElementById('root');
    window.__keptCopy = {
      pictures: root.querySelectorAll('img[fetchpriority="high"]').length,
      shownGuestParts: [...root.querySelectorAll('[data-personal]')].filter((el) => getComputedStyle(el).visibility !== 'hidden').length,
      guestParts: root.querySelectorAll('[data-personal]').length,
    };
  });`);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: '최민준님을 위한 추천 파티' })).toBeVisible();
  const kept = await page.evaluate(() => (window as unknown as { __keptCopy?: { pictures: number; shownGuestParts: number; guestParts: number } }).__keptCopy);
  expect(kept?.pictures).toBeGreaterThan(0);
  expect(kept?.guestParts).toBeGreaterThan(0);
  expect(kept?.shownGuestParts).toBe(0);
  // The app's own home has replaced it: nothing of the guest's is left, hidden or not, and its buttons work.
  await expect(page.locator('#root [data-personal]')).toHaveCount(0);
  await expect(page.locator('#root')).not.toHaveAttribute('data-session');
  await expect(page.getByText('게스트님을 위한 추천 파티')).toHaveCount(0);
});

test('a member opening the lobby from a link sees it drawn at once, their standby parts hidden until the app knows them; a guest is asked to sign in', async ({ browser, page, request }) => {
  const student = await signupViaApi(request, 'drawnlobby');
  const partyId = await opsParty(request, `그려진 대기실 ${Date.now().toString(36)}`, 4, 10 * 60_000);
  await paidSeatViaApi(request, student, partyId);
  // What the page showed before the app ran (the loader has run by then; the app has not).
  const keptCopy = `document.addEventListener('DOMContentLoaded', () => {
    const root = document.getElementById('root');
    const shown = (el) => !!el && getComputedStyle(el).visibility !== 'hidden';
    window.__keptCopy = { hero: !!root.querySelector('.lobby-hero img'), toggle: shown(root.querySelector('.lobby-toggle')), hint: shown(root.querySelector('.lobby-hint')) };
  });`;
  const kept = (p: Page) => p.evaluate(() => (window as unknown as { __keptCopy?: Record<string, boolean> }).__keptCopy);

  await login(page, student.username, student.password);
  await page.addInitScript(keptCopy);
  await page.goto(`/balancewait/${partyId}`);
  await expect(page.getByRole('status')).toHaveText('연결됨');
  expect(await kept(page)).toEqual({ hero: true, toggle: false, hint: false });
  // The app's own lobby: the student's standby known, the button shown and working.
  await expect(page.locator('.lobby-counts dd').first()).toHaveText('1명');
  await page.getByRole('button', { name: '대기하기' }).click();
  await expect(page.getByRole('button', { name: '대기 취소' })).toBeVisible();
  await expect(page.locator('#root')).not.toHaveAttribute('data-session');

  const guest = await browser.newContext({ serviceWorkers: 'block' });
  try {
    const guestPage = await guest.newPage();
    await guestPage.addInitScript(keptCopy);
    await guestPage.goto(`/balancewait/${partyId}`);
    await expect(guestPage.getByRole('dialog')).toContainText('로그인');
    expect(await kept(guestPage)).toEqual({ hero: false, toggle: false, hint: false });
    await expect(guestPage.locator('.lobby')).toHaveCount(0);
  } finally {
    await guest.close();
  }
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
