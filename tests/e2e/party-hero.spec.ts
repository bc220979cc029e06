import { expect, test } from '@playwright/test';
import type { MapParty } from '../../src/shared/parties';

// A DPR-2 phone, the most common: the party's photo must be drawn from at least twice its CSS pixels.
test.use({ deviceScaleFactor: 2 });

test("a party's photo is sharp on a DPR-2 phone and shown whole", async ({ page, request }) => {
  const parties = (await (await request.get('/api/detailview/parties/')).json()) as MapParty[];
  const party = parties.find((p) => p.title === '중간고사 끝! 도서관 옥상 치킨 파티')!;
  await page.goto(`/partyinfo/${party.id}`);
  const hero = page.getByRole('img', { name: party.place_name, exact: true });
  await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);

  const shown = await hero.evaluate(async (img: HTMLImageElement) => {
    const box = img.getBoundingClientRect();
    // The file's own pixels: an image chosen from a srcset reports its size divided by the density it was picked for.
    const file = new Image();
    file.src = img.currentSrc;
    await file.decode();
    return {
      src: img.currentSrc,
      natural: { width: file.naturalWidth, height: file.naturalHeight },
      box: { width: box.width, height: box.height },
      fit: getComputedStyle(img).objectFit,
    };
  });
  expect(shown.src).toMatch(/\/art\/places\/library@2x\.webp$/);
  expect(shown.natural.width).toBeGreaterThanOrEqual(2 * shown.box.width);
  // Whole: never cropped (contain), and the demo art, 16:10 like the box, fills it without a margin.
  expect(shown.fit).toBe('contain');
  expect(shown.natural.width / shown.natural.height).toBeCloseTo(shown.box.width / shown.box.height, 2);
});
