import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { login, signupViaApi } from './helpers';
import { sheetSettled } from './map-helpers';

// Issue 30 §8: Android's back (page.goBack(), the browser's back) closes what is open first — a modal, a sheet, the
// map's sheet pulled up, a wizard's later step — and only then leaves the page. Closing by other means leaves no
// entry behind to spend a back on, and opening and closing twice does not pile entries up.

const LOGIN_MODAL = '로그인이 필요한 서비스입니다.';

/** A seeded party with a free seat, as a guest sees it (read only: nothing here joins). */
async function openPartyPath(request: APIRequestContext): Promise<string> {
  const parties = (await (await request.get('/api/homemap/home/')).json()) as { id: number; applied_count: number; max_participants: number }[];
  const party = parties.find((p) => p.applied_count < p.max_participants)!;
  return `/partyinfo/${party.id}`;
}

const path = (page: Page) => new URL(page.url()).pathname;

test('a modal: back closes it and stays; closed by its ✕ twice, the next back leaves at once', async ({ page, request }) => {
  const partyPath = await openPartyPath(request);
  await page.goto('/');
  await page.goto(partyPath);
  const join = page.getByRole('button', { name: '참가신청' });
  await join.tap();
  const modal = page.getByRole('dialog', { name: LOGIN_MODAL });
  await expect(modal).toBeVisible();

  await page.goBack();
  await expect(modal).toHaveCount(0);
  expect(path(page)).toBe(partyPath);
  await expect(join).toBeVisible();

  // Opened and closed by its own ✕, twice: no entries are left over, so one back leaves the page.
  for (let i = 0; i < 2; i += 1) {
    await join.tap();
    await expect(modal).toBeVisible();
    await modal.getByRole('button', { name: '닫기' }).tap();
    await expect(modal).toHaveCount(0);
  }
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
});

test("the map's sheet pulled up: back lowers it, the next back leaves the map", async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: '지도' }).tap();
  await expect(page).toHaveURL(/\/map$/);
  await page.locator('.map-sheet__grabber').tap();
  await sheetSettled(page, true);

  await page.goBack();
  await sheetSettled(page, false);
  expect(path(page)).toBe('/map');

  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
});

test("my page's help sheet closes on back; the wizard steps back one step at a time, then leaves", async ({ page, request }) => {
  const s = await signupViaApi(request, 'back');
  await login(page, s.username, s.password);
  await page.getByRole('button', { name: '마이페이지' }).tap();
  await expect(page).toHaveURL(/\/mypage$/);

  await page.getByRole('button', { name: '도움말' }).tap();
  const help = page.getByRole('dialog', { name: '도움말' });
  await expect(help).toBeVisible();
  await page.goBack();
  await expect(help).toHaveCount(0);
  expect(path(page)).toBe('/mypage');

  // Spec §2 "back goes to the previous step or leaves".
  await page.locator('a[href="/mypage/extra"]').first().tap();
  await expect(page).toHaveURL(/\/mypage\/extra$/);
  const step = page.getByRole('heading', { level: 2 });
  await expect(step).toHaveText('학년을 선택해 주세요');
  await page.getByRole('button', { name: '4학년' }).tap();
  await expect(step).toHaveText('단과대학을 선택해 주세요');
  await page.getByRole('button', { name: '법과대학' }).tap();
  await expect(step).toHaveText('나를 가장 잘 표현하는 성격은?');

  await page.goBack();
  await expect(step).toHaveText('단과대학을 선택해 주세요');
  await expect(page.getByRole('button', { name: '법과대학' })).toHaveAttribute('aria-pressed', 'true');
  expect(path(page)).toBe('/mypage/extra');
  await page.goBack();
  await expect(step).toHaveText('학년을 선택해 주세요');
  await page.goBack();
  await expect(page).toHaveURL(/\/mypage$/);
  // Nothing was left ahead of my page to land on: one more back goes on to home, where my page was opened from.
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
});

test("the in-app ‹ of the wizard's later step takes its entry with it: back from the first step leaves", async ({ page, request }) => {
  const s = await signupViaApi(request, 'back');
  await login(page, s.username, s.password);
  await page.getByRole('button', { name: '마이페이지' }).tap();
  await page.locator('a[href="/mypage/extra"]').first().tap();
  const step = page.getByRole('heading', { level: 2 });
  await page.getByRole('button', { name: '4학년' }).tap();
  await expect(step).toHaveText('단과대학을 선택해 주세요');
  await page.getByRole('button', { name: '뒤로 가기' }).tap();
  await expect(step).toHaveText('학년을 선택해 주세요');
  await page.goBack();
  await expect(page).toHaveURL(/\/mypage$/);
});
