import { expect, type Page } from '@playwright/test';
import { mapPointOf } from './map-helpers';

// The console's places map (/ops/places) for browser tests: where a map point is on screen, and a place added by
// tapping the map, as an operator would.

type Pt = { x: number; y: number };

/** The places map's surface: the canvas the pins are drawn on, which takes taps, drags, pinches and the wheel. */
export const placesMap = (page: Page) => page.locator('.places-map__surface');

/**
 * Where a normalised map point (a place's x_norm, y_norm) is on the page, once the map is scrolled into view (the
 * page may have scrolled to a form below it). A pin's tip is there; its head is ~30 px above.
 */
export async function placesMapPoint(page: Page, norm: Pt): Promise<Pt> {
  const surface = placesMap(page);
  await expect(surface).toHaveAttribute('data-view', /scale/);
  await surface.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  return mapPointOf(surface, norm);
}

/**
 * On /ops/places (an operator signed in): 장소 추가, a tap on the map at `norm`, the name, 추가하기. The spot must be
 * on screen: zoomed out on a 393 px phone the map shows x_norm from about 0.3 to 0.7 (and every y_norm). Ends
 * with the new place chosen; its id is the details' list item's data-place-id.
 */
export async function addPlaceOnMap(page: Page, name: string, norm: Pt): Promise<number> {
  await page.getByRole('button', { name: '장소 추가' }).click();
  const at = await placesMapPoint(page, norm);
  const box = (await placesMap(page).boundingBox())!;
  expect(at.x > box.x && at.x < box.x + box.width && at.y > box.y && at.y < box.y + box.height, 'the spot is on the map').toBe(true);
  await page.mouse.click(at.x, at.y);
  await page.getByLabel('장소 이름').fill(name);
  await page.getByRole('button', { name: '추가하기' }).click();
  await expect(page.getByRole('status').filter({ hasText: `‘${name}’ 장소를 추가했습니다.` })).toBeVisible();
  const item = page.locator('.places-list__item[aria-pressed="true"]');
  await expect(item).toContainText(name);
  return Number(await item.getAttribute('data-place-id'));
}
