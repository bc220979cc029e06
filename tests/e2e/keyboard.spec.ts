import { expect, test } from '@playwright/test';
import { collectDialogs, login, partyOfFour, standbyViaApi } from './helpers';
import { opsParty } from './seat-helpers';

// Issue 8: what a finger does with a gesture, a keyboard can do too — the map's bottom sheet and the game's slider.

test('the map sheet expands and collapses from the keyboard, and its list scrolls', async ({ page }) => {
  await page.goto('/map');
  const sheet = page.getByRole('region', { name: '파티 목록' });
  const list = page.locator('#map-sheet-list');
  await expect(sheet.getByRole('listitem').first()).toBeVisible();
  const vh = page.viewportSize()!.height;
  const height = async () => (await sheet.boundingBox())!.height;

  const grabber = page.getByRole('button', { name: '목록 펼치기' });
  await expect(grabber).toHaveAttribute('aria-expanded', 'false');
  await expect(grabber).toHaveAttribute('aria-controls', 'map-sheet-list');
  await grabber.focus();
  await page.keyboard.press('Enter');
  const collapse = page.getByRole('button', { name: '목록 접기' });
  await expect(collapse).toHaveAttribute('aria-expanded', 'true');
  await expect(collapse).toBeFocused();
  await expect.poll(height).toBeCloseTo(vh * 0.76, 0);
  await expect(list).toHaveCSS('overflow-y', 'auto');

  // Tabbing through the cards scrolls the expanded list to the focused one.
  const details = list.getByRole('button', { name: '상세보기' });
  expect(await details.count()).toBeGreaterThan(4);
  await details.last().focus();
  await expect(details.last()).toBeFocused();
  await expect.poll(() => list.evaluate((el) => el.scrollTop)).toBeGreaterThan(100);
  await expect(details.last()).toBeInViewport();

  // Space on the grabber collapses it again.
  await collapse.focus();
  await page.keyboard.press('Space');
  await expect(grabber).toHaveAttribute('aria-expanded', 'false');
  await expect.poll(height).toBeCloseTo(vh * 0.25, 0);
  await expect(list).toHaveCSS('overflow-y', 'hidden');

  // Arrow keys say the direction.
  await page.keyboard.press('ArrowUp');
  await expect(collapse).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(grabber).toHaveAttribute('aria-expanded', 'false');
});

test('the balance-game questions move with the keyboard', async ({ page, request }) => {
  await collectDialogs(page);
  const { partyId, students, tokens } = await partyOfFour(request, 'kbd', 10 * 60_000);

  await login(page, students[0].username, students[0].password);
  await page.goto(`/balancewait/${partyId}`);
  await expect(page.getByRole('status')).toHaveText('연결됨');
  // Two go on standby through the API; this page's student is the third of four, which starts the round.
  await standbyViaApi(request, tokens[1], partyId);
  await standbyViaApi(request, tokens[2], partyId);
  await page.getByRole('button', { name: '대기하기' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/balancegame\/\d+$/);
  const counter = page.locator('.game__counter');
  await expect(counter).toHaveText('1 / 5');

  // The next/previous buttons, pressed with Enter and Space.
  const next = page.getByRole('button', { name: '다음 질문' });
  await next.focus();
  await page.keyboard.press('Enter');
  await expect(counter).toHaveText('2 / 5');
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '2');
  await page.keyboard.press('Space');
  await expect(counter).toHaveText('3 / 5');
  const prev = page.getByRole('button', { name: '이전 질문' });
  await prev.focus();
  await page.keyboard.press('Enter');
  await expect(counter).toHaveText('2 / 5');

  // Arrow keys anywhere in the slider, e.g. on a choice of the current question.
  const current = page.locator('.slider__slide:not([aria-hidden="true"])');
  await current.getByRole('button', { name: /^A/ }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(counter).toHaveText('3 / 5');
  await page.keyboard.press('ArrowLeft');
  await expect(counter).toHaveText('2 / 5');
  await page.keyboard.press('ArrowLeft');
  await expect(counter).toHaveText('1 / 5');
  // At the first question ArrowLeft stays put.
  await page.keyboard.press('ArrowLeft');
  await expect(counter).toHaveText('1 / 5');
});

test('a modal dialog keeps Tab off the page behind it, closes on Escape and gives focus back to its opener', async ({ page, request }) => {
  // A guest's 신청하기 opens the login-required modal: on a party of the test's own, which nobody fills (a full
  // party's button turns into 대기 신청 and opens its page instead).
  const title = `키보드 모달 ${Date.now().toString(36)}`;
  await opsParty(request, title, 4);
  await page.goto('/');
  // The opener as an element, not a locator: focus must come back to this very button, whatever the list around it
  // does meanwhile (a locator is found again when asked, and could then name another button).
  const apply = await page.getByRole('listitem').filter({ hasText: `#${title}` }).getByRole('button', { name: '신청하기' }).elementHandle();
  await apply.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toBeFocused();
  expect(await dialog.evaluate((el) => el.matches('dialog:modal'))).toBe(true);

  // More presses than it has controls: focus visits them and never lands on the page behind.
  const visited = new Set<string>();
  for (let i = 0; i < 8; i += 1) {
    await page.keyboard.press('Tab');
    const where = await page.evaluate(() => {
      const active = document.activeElement;
      const open = document.querySelector('dialog[open]');
      if (!active || active === document.body) return 'none';
      return open?.contains(active) ? (active.textContent || active.getAttribute('aria-label') || '?') : 'outside';
    });
    expect(where).not.toBe('outside');
    visited.add(where);
  }
  expect(visited).toContain('닫기');
  expect(visited).toContain('로그인 / 회원가입');

  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect.poll(() => apply.evaluate((el) => el === document.activeElement)).toBe(true);
});
