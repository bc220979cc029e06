import { expect, type Page, test } from '@playwright/test';
import { login, partyOfFour, standbyViaApi } from './helpers';
import { drag, type Pt, touch } from './map-helpers';

// Spec §2: the questions move by a horizontal drag or swipe (600 ms), a short drag springs back — the drag is
// use-gesture's and the glide a CSS transition on the track (lib/use-swipe-track.ts), so a finger on a touch screen
// is what proves it. Touch through CDP: Chromium sends touch and pointer events, as a phone does.

/** The track's x offset as the browser has it now (its computed transform, mid-glide included). */
const trackX = (page: Page) => page.locator('.slider__track').evaluate((el) => new DOMMatrixReadOnly(getComputedStyle(el).transform).m41);

test('a student swipes between the questions, and a short drag springs back', async ({ page, request }) => {
  const { partyId, students, tokens } = await partyOfFour(request, 'swipe', 10 * 60_000);
  for (const token of tokens.slice(0, 3)) await standbyViaApi(request, token, partyId);
  await login(page, students[0].username, students[0].password);
  await page.goto(`/balancewait/${partyId}`);
  await expect(page).toHaveURL(/\/balancegame\/\d+$/);
  await expect(page.getByText('1 / 5')).toBeVisible();

  const box = (await page.locator('.slider__viewport').boundingBox())!;
  const y = box.y + 40;
  const right: Pt = { x: box.x + box.width - 20, y };
  const left: Pt = { x: box.x + 20, y };
  const width = box.width;
  const cdp = await touch(page);

  // Right to left: the next question, the track one slide (and its 30 px gap) along.
  await drag(cdp, page, right, left);
  await expect(page.getByText('2 / 5')).toBeVisible();
  await expect.poll(() => trackX(page)).toBeCloseTo(-(width + 30), 0);

  // A finger held mid-drag moves the track with it, without a glide.
  const short: Pt = { x: right.x - width / 8, y };
  await drag(cdp, page, right, short, {
    whileHeld: async () => expect.poll(() => trackX(page)).toBeLessThan(-(width + 30) - width / 16),
  });
  // Let go short of a quarter, slowly: back where it was, still question 2.
  await expect.poll(() => trackX(page)).toBeCloseTo(-(width + 30), 0);
  await expect(page.getByText('2 / 5')).toBeVisible();

  // Left to right: back to the first question.
  await drag(cdp, page, left, right);
  await expect(page.getByText('1 / 5')).toBeVisible();
  await expect.poll(() => trackX(page)).toBeCloseTo(0, 0);
});
