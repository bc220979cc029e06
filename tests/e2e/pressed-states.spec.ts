import { expect, test, type Locator, type Page } from '@playwright/test';
import { opsParty } from './seat-helpers';

// Issue 17: a tap always shows a response within 100 ms. :active is invisible to jsdom, so the browser checks it:
// the moment a press lands, the pressed look is there (read at once, never waited for), and it is ours, not the
// browser's tap flash. The press is then dragged off and released, so nothing is actually tapped.
const look = (target: Locator) =>
  target.evaluate((el) => {
    const style = getComputedStyle(el);
    return `${style.filter} | ${style.backgroundColor} | ${style.transform}`;
  });

async function pressedLook(page: Page, target: Locator, at?: { x: number; y: number }) {
  const box = await target.boundingBox();
  if (!box) throw new Error('not on screen');
  await page.mouse.move(box.x + (at?.x ?? box.width / 2), box.y + (at?.y ?? box.height / 2));
  await page.mouse.down();
  const pressed = await look(target);
  await page.mouse.move(1, 1);
  await page.mouse.up();
  return pressed;
}

test('buttons, links, cards, icons and nav tabs on home look pressed the moment a finger is down', async ({ page, request }) => {
  // A card with seats left that stays so: the test's own party (other tests fill theirs, whose button then reads
  // 대기 신청, and add parties above it).
  const title = `눌림 파티 ${Date.now().toString(36)}`;
  await opsParty(request, title, 4);
  await page.goto('/');
  const card = page.locator('.party-card').filter({ hasText: `#${title}` });
  await expect(card.getByRole('button', { name: '신청하기' })).toBeVisible();
  expect(await page.evaluate(() => getComputedStyle(document.body).getPropertyValue('-webkit-tap-highlight-color'))).toBe('rgba(0, 0, 0, 0)');

  const targets: [string, Locator, { x: number; y: number }?][] = [
    ['신청하기', card.getByRole('button', { name: '신청하기' })],
    ['the party title link', card.getByRole('link').first()],
    ['the card itself (its photo)', card, { x: 20, y: 20 }],
    ['the bell', page.getByRole('button', { name: '알림' })],
    ['the 지도 tab', page.getByRole('navigation', { name: '주요 메뉴' }).getByRole('button', { name: '지도' })],
  ];
  for (const [what, target, at] of targets) {
    await target.scrollIntoViewIfNeeded();
    const resting = await look(target);
    expect(await pressedLook(page, target, at), what).not.toBe(resting);
    expect(await look(target), `${what} after release`).toBe(resting);
  }
  await expect(page).toHaveURL(/\/$/);
});
