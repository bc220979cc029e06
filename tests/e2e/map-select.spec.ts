import { expect, test, type Page } from '@playwright/test';
import { CAMPUS_LABELS } from '../../src/client/lib/campus-labels';
import type { MapParty } from '../../src/shared/parties';
import { drag, grabberCentre, mapMarkers, markerPoint, openMap, sheetHeight, sheetSettled, touch } from './map-helpers';

async function mapParties(page: Page): Promise<MapParty[]> {
  return (await (await page.request.get('/api/detailview/parties/')).json()) as MapParty[];
}

const card = (page: Page, id: number) => page.locator(`li.map-card[data-party-id="${id}"]`);
const selectedMarkers = async (page: Page) => (await mapMarkers(page)).filter((m) => m.selected).map((m) => m.partyIds);

test('a tap on a marker marks its cards in the sheet and brings them into view; closing the popup clears both', async ({ page }) => {
  await openMap(page);
  const parties = await mapParties(page);
  // The union's stacked marker: every party there is marked. The soonest of them may be far down the list.
  const union = parties.filter((p) => p.place_name === '학생회관');
  expect(union.length).toBeGreaterThan(1);
  const at = await markerPoint(page, union[0]);
  await page.touchscreen.tap(at.x, at.y);
  await expect(page.getByRole('dialog')).toContainText(union[0].title);

  for (const p of union) await expect(card(page, p.id)).toHaveAttribute('aria-current', 'true');
  await expect(page.locator('li.map-card[aria-current="true"]')).toHaveCount(union.length);
  await expect.poll(() => selectedMarkers(page)).toEqual([union.map((p) => p.id)]);
  // The first of them shows in the collapsed sheet, below its header.
  const list = (await page.locator('#map-sheet-list').boundingBox())!;
  const first = (await card(page, union[0].id).boundingBox())!;
  expect(first.y).toBeGreaterThanOrEqual(list.y);
  expect(first.y + 40).toBeLessThanOrEqual(list.y + list.height);
  await page.screenshot({ path: test.info().outputPath('map-marker-selected.png') });

  await page.getByRole('dialog').getByRole('button', { name: '닫기' }).tap();
  await expect(page.locator('li.map-card[aria-current="true"]')).toHaveCount(0);
  await expect.poll(() => selectedMarkers(page)).toEqual([]);
});

test("focus on a card's 상세보기, or a finger down on the card, marks its marker on the map", async ({ page }) => {
  await openMap(page);
  const parties = await mapParties(page);
  const lake = parties.find((p) => p.place_name === '한빛호수 잔디광장')!;
  await mapMarkers(page);

  await card(page, lake.id).getByRole('button', { name: '상세보기' }).focus();
  await expect.poll(async () => (await selectedMarkers(page)).flat()).toContain(lake.id);
  await expect(card(page, lake.id)).toHaveAttribute('aria-current', 'true');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('map-card-selected.png') });

  // A finger that goes down on another card (and is taken back, not a tap) moves the mark to that card's marker.
  await page.getByRole('button', { name: '목록 펼치기' }).tap();
  await sheetSettled(page, true); // the cards stop moving before a finger goes down on one
  const order = await page.locator('li.map-card').evaluateAll((cards) => cards.map((c) => Number((c as HTMLElement).dataset.partyId)));
  const other = order
    .slice(order.indexOf(lake.id) + 1)
    .map((id) => parties.find((p) => p.id === id)!)
    .find((p) => p.place_name !== lake.place_name)!;
  await card(page, other.id).scrollIntoViewIfNeeded();
  const box = (await card(page, other.id).boundingBox())!;
  const cdp = await touch(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: box.x + 40, y: box.y + 20, id: 1 }] });
  await expect.poll(async () => (await selectedMarkers(page)).flat()).toContain(other.id);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchCancel', touchPoints: [] });
  expect((await selectedMarkers(page)).flat()).not.toContain(lake.id);
  await expect(page).toHaveURL(/\/map$/);
});

test('no marker hides a building name on the demo campus, a selected (larger) one neither', async ({ page }) => {
  await openMap(page);
  const surface = page.locator('.map-stage__surface');
  const stage = (await surface.boundingBox())!;
  const overlaps = async () => {
    const view = JSON.parse((await surface.getAttribute('data-view'))!) as { x: number; y: number; scale: number };
    const labels = CAMPUS_LABELS.map((l) => ({
      name: l.name,
      left: view.x + l.left * view.scale,
      right: view.x + l.right * view.scale,
      top: view.y + l.top * view.scale,
      bottom: view.y + l.bottom * view.scale,
    }));
    const markers = (await mapMarkers(page)).filter((m) => m.box.x + m.box.width > 0 && m.box.x < stage.width);
    expect(markers.length).toBeGreaterThan(3);
    return markers.flatMap(({ box, partyIds }) =>
      labels
        .filter((l) => box.x < l.right && l.left < box.x + box.width && box.y < l.bottom && l.top < box.y + box.height)
        .map((l) => `${partyIds.join(',')} on ${l.name}`),
    );
  };
  expect(await overlaps()).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('map-markers-clear.png') });

  // A marker in the open, above the collapsed sheet.
  const sheetTop = (await page.getByRole('region', { name: '파티 목록' }).boundingBox())!.y;
  const open = (await mapMarkers(page)).find((m) => m.tip.x > stage.x + 40 && m.tip.x < stage.x + stage.width - 40 && m.tip.y < sheetTop - 20)!;
  await page.touchscreen.tap(open.tip.x, open.tip.y - 30);
  await expect.poll(async () => (await selectedMarkers(page)).length).toBe(1);
  expect(await overlaps()).toEqual([]);
});

test('a quick short flick opens the sheet, and a quick flick down closes it, below the distance that would snap', async ({ page }) => {
  await openMap(page);
  const cdp = await touch(page);
  const vh = page.viewportSize()!.height;
  const grabber = page.locator('.map-sheet__grabber');
  await expect.poll(() => sheetHeight(page)).toBeCloseTo(vh * 0.25, 0);

  // 40 px up in 48 ms (0.8 px/ms): far below the midpoint (about 217 px away), yet the flick opens it.
  const g = await grabberCentre(page);
  await drag(cdp, page, g, { x: g.x, y: g.y - 40 }, { steps: 4, stepMs: 12 });
  await expect(grabber).toHaveAttribute('aria-expanded', 'true');
  await expect.poll(() => sheetHeight(page)).toBeCloseTo(vh * 0.76, 0);

  // 40 px down just as fast: still above the 80 % line, yet the flick closes it.
  const top = await grabberCentre(page);
  await drag(cdp, page, top, { x: top.x, y: top.y + 40 }, { steps: 4, stepMs: 12 });
  await expect(grabber).toHaveAttribute('aria-expanded', 'false');
  await expect.poll(() => sheetHeight(page)).toBeCloseTo(vh * 0.25, 0);
});
