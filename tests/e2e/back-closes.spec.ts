import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import type { MapParty } from '../../src/shared/parties';
import { expectAccessible } from './axe';
import { login, signupViaApi } from './helpers';
import { markerPoint, sheetSettled } from './map-helpers';
import { holdSeatViaApi, opsParty } from './seat-helpers';

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

/**
 * No trap: forward from the page lands on the entry the closed overlay had, which opens nothing and hands the page
 * back; the next back then leaves to where the page was opened from.
 */
async function forwardOpensNothingThenBackLeaves(page: Page, overlay: Locator, from: RegExp) {
  const here = path(page);
  await page.goForward();
  await expect(overlay).toHaveCount(0);
  expect(path(page)).toBe(here);
  await page.goBack();
  await expect(page).toHaveURL(from);
  await expect(overlay).toHaveCount(0);
}

/**
 * Signs in through the form, answering its 로그인 성공. alert by hand: login() answers every later alert of the page
 * too, and the alert test looks at one itself.
 */
async function signInByHand(page: Page, s: { username: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('아이디').fill(s.username);
  await page.getByLabel('비밀번호', { exact: true }).fill(s.password);
  await page.getByRole('button', { name: '로그인', exact: true }).tap();
  await page.getByRole('alertdialog', { name: '로그인 성공.' }).getByRole('button', { name: '확인' }).tap();
  await expect(page).toHaveURL(/\/$/);
}

/**
 * A party of the test's own where a fresh student holds an unpaid seat: its page (opened after home) with the
 * 참가 취소 sheet open.
 */
async function openLeaveSheet(page: Page, request: APIRequestContext) {
  const partyId = await opsParty(request, `뒤로 파티 ${Date.now().toString(36)}`, 4);
  const s = await signupViaApi(request, 'backseat');
  await holdSeatViaApi(request, s, partyId);
  await signInByHand(page, s);
  await page.goto(`/partyinfo/${partyId}`);
  await expect(page.getByRole('button', { name: '결제 계속하기' })).toBeVisible();
  await page.getByRole('button', { name: '참가 취소' }).tap();
  const sheet = page.getByRole('alertdialog', { name: '참가를 취소할까요?' });
  await expect(sheet.getByText('아직 결제 전이라 포인트는 그대로예요.')).toBeVisible();
  return { partyPath: `/partyinfo/${partyId}`, sheet };
}

test('a modal: back closes it and stays; closed by its ✕ twice, the next back leaves at once', async ({ page, request }) => {
  const partyPath = await openPartyPath(request);
  await page.goto('/');
  await page.goto(partyPath);
  const join = page.getByRole('button', { name: '참가신청' });
  await join.tap();
  const modal = page.getByRole('dialog', { name: LOGIN_MODAL });
  await expect(modal).toBeVisible();
  await expectAccessible(page, 'the login-required modal');

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
  await expectAccessible(page, "the map's sheet pulled up");

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
  await expectAccessible(page, "my page's help sheet");
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

test("the map's marker popup: back closes it and stays on the map; forward opens nothing; the next back leaves", async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: '지도' }).tap();
  await expect(page).toHaveURL(/\/map$/);
  await expect(page.locator('.map-stage__surface')).not.toHaveAttribute('data-markers', '0');
  // A seeded party at the student union, whose marker is in sight above the lowered sheet.
  const parties = (await (await page.request.get('/api/detailview/parties/')).json()) as MapParty[];
  const party = parties.find((p) => p.place_name === '학생회관')!;
  const at = await markerPoint(page, party);
  await page.touchscreen.tap(at.x, at.y);
  const popup = page.getByRole('dialog').filter({ hasText: party.title });
  await expect(popup).toBeVisible();
  await expectAccessible(page, "the map's marker popup");

  await page.goBack();
  await expect(popup).toHaveCount(0);
  expect(path(page)).toBe('/map');
  // The map is still there, whole: its markers and its sheet, lowered.
  await expect(page.locator('.map-stage__surface')).not.toHaveAttribute('data-markers', '0');
  await sheetSettled(page, false);

  await forwardOpensNothingThenBackLeaves(page, popup, /\/$/);
});

test('the 참가 취소 sheet: back closes it and keeps the seat; forward opens nothing; the next back leaves', async ({ page, request }) => {
  const { partyPath, sheet } = await openLeaveSheet(page, request);
  await expectAccessible(page, 'the 참가 취소 sheet');

  await page.goBack();
  await expect(sheet).toHaveCount(0);
  expect(path(page)).toBe(partyPath);
  // Back is 그대로 두기, never the leave: the seat is still held.
  await expect(page.getByRole('button', { name: '결제 계속하기' })).toBeVisible();
  await expect(page.getByRole('button', { name: '참가 취소' })).toBeVisible();

  await forwardOpensNothingThenBackLeaves(page, sheet, /\/$/);
});

test("an alert (the seat given up): back closes it and stays on the page; forward opens nothing; the next back leaves", async ({ page, request }) => {
  const { partyPath, sheet } = await openLeaveSheet(page, request);
  await sheet.getByRole('button', { name: '참가 취소하기' }).tap();
  // The sheet hands over to the app's alert (ui/AlertHost): one layer closes as the other opens.
  const alert = page.getByRole('alertdialog', { name: '참가를 취소했어요.' });
  await expect(alert).toBeVisible();
  await expect(sheet).toHaveCount(0);
  await expectAccessible(page, 'the app alert after 참가 취소');

  await page.goBack();
  await expect(alert).toHaveCount(0);
  expect(path(page)).toBe(partyPath);
  await expect(page.getByRole('button', { name: '참가신청' })).toBeVisible();

  // Neither the alert nor the sheet under it comes back.
  await forwardOpensNothingThenBackLeaves(page, alert.or(sheet), /\/$/);
});
