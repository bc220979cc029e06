import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible } from './axe';
import { login, underServiceWorker } from './helpers';
import { type OwnServer, ownServerPort, startOwnServer } from './own-server';

// Issue 30 §7: with the server process really stopped (its port refuses) while the phone is online, every screen
// (home, the map, my page, the assistant, a party's page, notifications) says the server does not answer — not that
// the phone is offline — in sight (never inside the map's collapsed sheet, still at the top of a scrolled page); the map keeps its markers; and once the process is started again, the screens come back with no tap.
// The phone's own offline state is tests/e2e/offline.spec.ts.

const SERVER_BANNER = '서버가 응답하지 않아요. 다시 연결되면 저절로 불러올게요.';
const SERVER_MARK = '서버 연결 끊김 · 마지막으로 본 내용이에요';
const SERVER_UNREACHABLE = '서버에 연결할 수 없습니다';
const OFFLINE_WORDS = /오프라인|인터넷 연결을 확인/;
// Long enough for a restart on a busy machine and the app's longest pause between tries (30 s, ±25 %).
const RECOVERY = { timeout: 120_000 };

// A fixed port: the page's origin (and its service worker) must be the same after each restart.
const port = ownServerPort();
test.use({ baseURL: `http://127.0.0.1:${port}` });
test.describe.configure({ mode: 'serial' });
// Each test starts the server again (its first start seeds the demo campus): minutes on a busy machine.
test.setTimeout(900_000);

let server: OwnServer;
test.beforeAll(async () => {
  test.setTimeout(600_000);
  server = await startOwnServer('outage', { port });
});
test.afterAll(async () => {
  await server.dispose();
});

const markers = (page: Page) => page.locator('.map-stage__surface').getAttribute('data-markers');

/** On screen and on top: the element a tap at its centre would reach (not covered by a sheet or anything else). */
async function expectInSight(page: Page, element: Locator) {
  await expect(element).toBeInViewport();
  const box = (await element.boundingBox())!;
  const onTop = await page.evaluate(
    ({ x, y }) => document.elementFromPoint(x, y)?.closest('.outage-banner') !== null,
    { x: box.x + box.width / 2, y: box.y + box.height / 2 },
  );
  expect(onTop, 'the banner is the topmost thing where it is drawn').toBe(true);
}

test('server stopped: every screen says so (not the phone), the map keeps its markers, and all comes back by itself', async ({ page }) => {
  // student1 is this server's own (a fresh demo campus): nothing the other specs read.
  await login(page, 'student1', 'partyon1234');
  await underServiceWorker(page);
  await page.getByRole('button', { name: '지도' }).tap();
  await expect(page.locator('.map-stage__surface')).not.toHaveAttribute('data-markers', '0');
  const shown = await markers(page);
  await page.getByRole('button', { name: '홈' }).tap();
  const firstCard = page.locator('.party-card__title').first();
  await expect(firstCard).toBeVisible();
  const firstTitle = (await firstCard.textContent())!;

  await server.stop();

  // The next read finds the server gone: home's own on the way back to it (unless it read under 2 s ago: SWR's
  // dedupe) or, at the latest, the bell's poll (15 s, state/SeatSync.tsx). The list stays, marked, and the banner
  // names the server.
  await page.getByRole('button', { name: '지도' }).tap();
  await page.getByRole('button', { name: '홈' }).tap();
  const banner = page.getByRole('status').filter({ hasText: SERVER_BANNER });
  await expect(banner).toBeVisible({ timeout: 45_000 });
  await expect(page.getByText(SERVER_MARK)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: firstTitle })).toBeVisible();
  await expect(page.getByText(OFFLINE_WORDS)).toHaveCount(0);

  // The map: its markers stay, and the banner is over the map, not in the collapsed sheet.
  await page.getByRole('button', { name: '지도' }).tap();
  await expect(page.locator('.map-stage__surface')).toHaveAttribute('data-markers', shown!);
  await expectInSight(page, banner);
  await expect(page.getByText(OFFLINE_WORDS)).toHaveCount(0);
  await expectAccessible(page, 'the map while the server is down');

  // A reload while it is down: the shell and the public lists from the service worker, said to be kept.
  await page.reload();
  await expect(page.locator('.map-stage__surface')).toHaveAttribute('data-markers', shown!);
  await expectInSight(page, banner);

  // The signed-in screens and a party's page (from a card home kept): each says it in sight at its top — never
  // that the phone is offline.
  const screens: [string, RegExp][] = [
    ['마이페이지', /\/mypage$/],
    ['파티비서', /\/assist$/],
  ];
  for (const [tab, address] of screens) {
    await page.getByRole('button', { name: tab }).tap();
    await expect(page).toHaveURL(address);
    await expectInSight(page, banner);
    await expect(page.getByText(OFFLINE_WORDS)).toHaveCount(0);
    await expectAccessible(page, `${tab} while the server is down`);
  }
  // Home's long list, scrolled to its end: the banner stays at the top of the screen.
  await page.getByRole('button', { name: '홈' }).tap();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await expectInSight(page, banner);
  // A party's page never read: nothing of its own kept, and it says the server cannot be reached.
  await firstCard.tap();
  await expect(page).toHaveURL(/\/partyinfo\/\d+$/);
  await expect(page.getByText(SERVER_UNREACHABLE)).toBeVisible();
  await expectInSight(page, banner);
  await expect(page.getByText(OFFLINE_WORDS)).toHaveCount(0);
  await expectAccessible(page, "a party's page while the server is down");

  // A screen never read before: nothing kept, and it says the server cannot be reached — not the phone.
  await page.getByRole('button', { name: /^알림/ }).tap();
  await expect(page.getByText(SERVER_UNREACHABLE)).toBeVisible();
  await expect(page.getByText('휴대폰의 인터넷은 연결되어 있어요. 서버가 다시 응답하면 저절로 불러올게요.')).toBeVisible();
  await expect(page.getByText(OFFLINE_WORDS)).toHaveCount(0);
  await expect(page.getByText('새 알림이 없습니다.')).toHaveCount(0);
  await expectAccessible(page, 'notifications while the server is down');

  await server.start();

  // Nobody taps 다시 시도: the screen reads again by itself, and the banner goes.
  await expect(page.getByText(SERVER_UNREACHABLE)).toHaveCount(0, RECOVERY);
  await expect(banner).toHaveCount(0, RECOVERY);
  await expect(page.locator('.notice-list').or(page.getByText('새 알림이 없습니다.'))).toBeVisible();
  await page.getByRole('button', { name: '홈' }).tap();
  await expect(page.getByText(SERVER_MARK)).toHaveCount(0, RECOVERY);
});

test('home opened while the server is down comes back on its own once it answers (no 다시 시도)', async ({ page }) => {
  await page.goto('/');
  await underServiceWorker(page);
  // A filter never chosen before: nothing of it is kept, so home has only its error to show.
  await server.stop();
  await page.goto('/?q=%EC%97%86%EB%8A%94%EA%B2%80%EC%83%89%EC%96%B4');
  await expect(page.getByText(SERVER_UNREACHABLE)).toBeVisible();
  await expect(page.getByRole('button', { name: '다시 시도' })).toBeVisible();
  await expect(page.getByText(OFFLINE_WORDS)).toHaveCount(0);

  await server.start();
  await expect(page.getByText(SERVER_UNREACHABLE)).toHaveCount(0, RECOVERY);
  await expect(page.getByRole('status').filter({ hasText: SERVER_BANNER })).toHaveCount(0);
  // The server's own answer of now: this search finds nothing, which only the server may say.
  await expect(page.getByRole('button', { name: '다시 시도' })).toHaveCount(0);
});
