import { expect, type APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { expectAccessible } from './axe';
import { E2E_OPS_TOKEN } from './helpers';
import { opsLogin } from './ops-helpers';
import { test } from './phones';

// Issue 29: an operator sets up the campus in the console — its names and its map art — and a guest sees it on the
// home list and the map, drawn by the server and then the app. The campus is the whole server's: this file runs its
// steps in order and puts the demo campus back at the end, whatever happened.
test.describe.configure({ mode: 'serial', timeout: 300_000 });

interface Campus {
  school: string;
  campus_name: string;
  map: { overview: string; overview_png: string; medium: string; large: string } | null;
}

const ops = { 'X-Ops-Token': E2E_OPS_TOKEN };
const readCampus = async (request: APIRequestContext) => (await (await request.get('/api/campus/')).json()) as Campus;

/** A drawing at the map's size: flat ground with a lake, so the picture is plainly not the built-in one. */
const drawing = (width: number, height: number) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#cfe3b4"/>` +
        `<ellipse cx="${width / 2}" cy="${height / 2}" rx="${width / 5}" ry="${height / 5}" fill="#6fa8dc"/></svg>`,
    ),
  )
    .png()
    .toBuffer();

test.afterAll(async ({ request }) => {
  await request.delete('/api/ops/campus/map/', { headers: ops });
  await request.put('/api/ops/campus/', { headers: ops, data: { school: '한빛대학교', campus_name: '' } });
});

test('an operator names the campus and uploads its map in the console; a guest sees them on the home list and the map', async ({ page, newPhone, request }) => {
  await opsLogin(page, '/ops/campus');
  await expect(page.getByRole('heading', { name: '캠퍼스 설정', level: 1 })).toBeVisible();
  await expect(page.getByText(/기본 지도\(한빛대학교\)를 쓰고 있습니다/)).toBeVisible();
  await expectAccessible(page, 'the console’s campus set-up');

  // The names.
  await page.getByLabel('학교 이름').fill('새솔대학교');
  await page.getByLabel('캠퍼스 이름 (선택)').fill('이투이캠퍼스');
  await page.getByRole('button', { name: '이름 저장' }).click();
  await expect(page.locator('.campus-status')).toHaveText('캠퍼스 이름을 저장했습니다.');

  // A drawing of the wrong size is refused by the browser already, in the server's words.
  const overviewField = page.getByLabel('전체 지도 (822×460)');
  await overviewField.setInputFiles({ name: 'small.png', mimeType: 'image/png', buffer: await drawing(800, 450) });
  await expect(overviewField).toHaveAccessibleDescription(/전체 지도는 822×460 픽셀이어야 합니다\. \(올린 그림: 800×450\)/);
  await expectAccessible(page, 'the console’s campus set-up with a refused drawing');

  // The right sizes: uploaded, rendered by the server, and shown as the current map.
  await overviewField.setInputFiles({ name: 'overview.png', mimeType: 'image/png', buffer: await drawing(822, 460) });
  await page.getByLabel('상세 지도 (3704×1824)').setInputFiles({ name: 'large.png', mimeType: 'image/png', buffer: await drawing(3704, 1824) });
  await expect(page.getByText('고른 파일: large.png')).toBeVisible();
  await page.getByRole('button', { name: '지도 올리기' }).click();
  await expect(page.locator('.campus-status')).toHaveText('캠퍼스 지도를 바꿨습니다.');
  const campus = await readCampus(request);
  expect(campus.school).toBe('새솔대학교');
  expect(campus.map?.medium).toMatch(/^\/media\/campus\//);
  await expect(page.getByRole('img', { name: '새솔대학교 이투이캠퍼스 캠퍼스 전체 지도' })).toHaveAttribute('src', campus.map!.overview);

  // The console's own places map moved to the new art too.
  await page.getByRole('link', { name: '장소' }).click();
  await expect(page.locator('.map-art img').first()).toHaveAttribute('src', campus.map!.medium);

  // A guest, in a browser of their own.
  const guest = await newPhone();
  await guest.goto('/');
  await expect(guest.locator('.home__campus')).toHaveText('새솔대학교 이투이캠퍼스');
  // The page as a link preview reads it: the campus's name and its overview map (PNG) in the tags.
  const html = await (await request.get('/', { headers: { accept: 'text/html' } })).text();
  expect(html).toContain('<meta property="og:title" content="파티온 · 새솔대학교 이투이캠퍼스">');
  expect(html).toContain(`${campus.map!.overview_png}">`);

  await guest.goto('/map');
  const art = guest.locator('.map-art img').first();
  await expect(art).toHaveAttribute('src', campus.map!.medium);
  await expect.poll(() => art.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1852);
  // Taken over by the app: the markers' canvas is up over the new art, which is still the picture shown.
  await expect(guest.locator('.map-stage__surface canvas').first()).toBeVisible();
  await expect(guest.locator('.map-art img').first()).toHaveAttribute('src', campus.map!.medium);
  await expect(guest.getByRole('img', { name: '새솔대학교 이투이캠퍼스 캠퍼스 지도' })).toBeVisible();
});
