import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { E2E_OPS_TOKEN, studentCardPng } from './helpers';
import { opsLogin } from './ops-helpers';
import { addPlaceOnMap, placesMap, placesMapPoint } from './ops-map';

type Pt = { x: number; y: number };
interface OpsPlace {
  id: number;
  name: string;
  x_norm: number;
  y_norm: number;
  photo: string | null;
}

/** The place as the server has it, read with the operator token (not through the screen under test). */
async function serverPlace(page: Page, id: number): Promise<OpsPlace> {
  const res = await page.request.get('/api/ops/places/', { headers: { 'X-Ops-Token': E2E_OPS_TOKEN } });
  expect(res.ok()).toBe(true);
  const place = ((await res.json()) as OpsPlace[]).find((p) => p.id === id);
  expect(place, `place ${id}`).toBeTruthy();
  return place!;
}

/** A one-finger drag on the touch screen (CDP: Chromium sends touch and pointer events, as a phone does). */
async function touchDrag(page: Page, from: Pt, to: Pt, steps = 12) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ ...from, id: 1 }] });
  for (let i = 1; i <= steps; i += 1) {
    const p = { x: from.x + ((to.x - from.x) * i) / steps, y: from.y + ((to.y - from.y) * i) / steps };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ ...p, id: 1 }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

// A pin is grabbed by its head, above the tip that marks the spot.
const head = (tip: Pt): Pt => ({ x: tip.x, y: tip.y - 30 });

// Several axe scans (ten seconds or more each on a busy machine): the cap only catches a wait that never ends.
test.describe.configure({ timeout: 300_000 });

test('an operator adds a place on the map, drags its pin elsewhere and gives it a photo', async ({ page }) => {
  await opsLogin(page, '/ops/places');
  await expect(page.getByRole('heading', { name: '장소', level: 1 })).toBeVisible();
  await expect(placesMap(page)).not.toHaveAttribute('data-markers', '0');
  const status = page.locator('.places-status');
  // A place of this test's own, so the demo places other tests use stay where they are.
  const name = `E2E 장소 ${Date.now().toString(36)}`;

  const id = await addPlaceOnMap(page, name, { x: 0.45, y: 0.8 });
  const added = await serverPlace(page, id);
  expect(added.x_norm).toBeCloseTo(0.45, 2);
  expect(added.y_norm).toBeCloseTo(0.8, 2);

  // Dragged with the mouse: the pin lands where it was let go, and the server has it there.
  const spot = { x: 0.55, y: 0.62 };
  const from = head(await placesMapPoint(page, { x: added.x_norm, y: added.y_norm }));
  const to = head(await placesMapPoint(page, spot));
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 10 });
  await page.mouse.up();
  await expect(status).toHaveText(`‘${name}’ 위치를 옮겼습니다.`);
  const moved = await serverPlace(page, id);
  expect(moved.x_norm).toBeCloseTo(spot.x, 2);
  expect(moved.y_norm).toBeCloseTo(spot.y, 2);
  await expect(page.locator(`.places-list__item[data-place-id="${id}"]`)).toContainText(`가로 ${(moved.x_norm * 100).toFixed(1)}%`);

  // And with a finger, back towards where it was added.
  const back = { x: 0.42, y: 0.75 };
  await touchDrag(page, head(await placesMapPoint(page, spot)), head(await placesMapPoint(page, back)));
  await expect.poll(async () => (await serverPlace(page, id)).x_norm).toBeCloseTo(back.x, 2);
  expect((await serverPlace(page, id)).y_norm).toBeCloseTo(back.y, 2);

  // A file that is no image: the server's own words beside the button. Then a real photo.
  const photoInput = page.getByLabel('새 사진 올리기');
  await photoInput.setInputFiles({ name: 'not-a-photo.png', mimeType: 'image/png', buffer: Buffer.from('this is not an image') });
  await expect(page.getByText('JPEG, PNG, WebP 형식의 사진만 올릴 수 있습니다.')).toBeVisible();
  await photoInput.setInputFiles({ name: 'place.png', mimeType: 'image/png', buffer: await studentCardPng() });
  await expect(status).toHaveText(`‘${name}’ 사진을 바꿨습니다.`);
  await expect(page.getByRole('img', { name: `${name} 사진` })).toBeVisible();
  expect((await serverPlace(page, id)).photo).toMatch(/^\/media\//);

  await page.screenshot({ path: test.info().outputPath('ops-places.png'), fullPage: true });
  await expectAccessible(page, 'console places, a place chosen');
  await page.getByRole('button', { name: '장소 추가' }).click();
  const spot2 = await placesMapPoint(page, { x: 0.5, y: 0.3 });
  await page.touchscreen.tap(spot2.x, spot2.y);
  await expect(page.getByLabel('가로 위치 (%)')).toHaveValue(/^50\./);
  await page.screenshot({ path: test.info().outputPath('ops-places-adding.png') });
  await expectAccessible(page, 'console places, adding a place');

  // A laptop: the chosen place's panel beside the list.
  await page.getByRole('button', { name: '취소' }).click();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.locator(`.places-list__item[data-place-id="${id}"]`).click();
  await page.screenshot({ path: test.info().outputPath('ops-places-laptop.png') });
});
