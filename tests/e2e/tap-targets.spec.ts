import { expect, type Page, test } from '@playwright/test';
import type { MapParty } from '../../src/shared/parties';
import { login, partyOfFour, signupViaApi, standbyViaApi } from './helpers';
import { markerPoint } from './map-helpers';
import { MIN_TAP, tapTargetsOffenders } from './tap-probe';

// Every tappable thing a student meets takes a finger: a MIN_TAP × MIN_TAP square around it lands on it. Konva's
// canvas markers are not DOM elements and are out of this check (the map spec taps them).

// Soft: one run lists the offenders of every screen, not only the first.
async function expectFingerSized(page: Page, screen: string, opts?: { scroll?: boolean }) {
  // The picture of each screen shows that a grown hit area never moved the drawing (compare with main's).
  await page.screenshot({ path: test.info().outputPath(`${screen.replace(/\W+/g, '-')}.png`) });
  const offenders = await tapTargetsOffenders(page, opts);
  expect.soft(offenders, `${screen}: tap targets smaller than ${MIN_TAP}×${MIN_TAP}:\n  ${offenders.join('\n  ')}`).toEqual([]);
}

test('home, a party, the map and my page: every tap target is finger-sized', async ({ page, request }) => {
  test.setTimeout(120_000);
  const s = await signupViaApi(request, 'tap');
  await login(page, s.username, s.password);

  await expect(page.getByRole('button', { name: '신청하기' }).first()).toBeVisible();
  await expectFingerSized(page, 'home');

  const parties = (await (await request.get('/api/detailview/parties/')).json()) as MapParty[];
  const party = parties.find((p) => p.title === '경영학과 창업 아이디어 네트워킹')!;
  await page.goto(`/partyinfo/${party.id}`);
  await expect(page.getByRole('heading', { name: party.title })).toBeVisible();
  await expectFingerSized(page, 'party detail');

  await page.goto('/map');
  await expect(page.locator('.map-stage__surface')).not.toHaveAttribute('data-markers', '0');
  await expectFingerSized(page, 'map, sheet collapsed', { scroll: false });
  const grabber = page.locator('.map-sheet__grabber'); // its name says what a tap will do, so it changes
  await grabber.tap();
  await expect(grabber).toHaveAttribute('aria-expanded', 'true');
  await expectFingerSized(page, 'map, sheet expanded', { scroll: false });
  await grabber.tap();
  await expect(grabber).toHaveAttribute('aria-expanded', 'false');

  // A long press opens a marker's popup (held like a finger would, through CDP's touch events).
  const cdp = await page.context().newCDPSession(page);
  const at = await markerPoint(page, party);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ ...at, id: 1 }] });
  const popup = page.getByRole('dialog');
  await expect(popup).toContainText(party.title);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await expectFingerSized(page, 'map, marker popup', { scroll: false });

  await page.goto('/mypage');
  await expect(page.getByRole('button', { name: '회원 탈퇴' })).toBeVisible();
  await expectFingerSized(page, 'my page');
});

test('the balance game: every tap target is finger-sized, before and after a vote', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { partyId, students, tokens } = await partyOfFour(request, 'tapg', 10 * 60_000);
  await login(page, students[0].username, students[0].password);
  await page.goto(`/balancewait/${partyId}`);
  await expect(page.getByRole('status')).toHaveText('연결됨');
  // Two go on standby through the API; this page's student is the third of four, which starts the round.
  await standbyViaApi(request, tokens[1], partyId);
  await standbyViaApi(request, tokens[2], partyId);
  await page.getByRole('button', { name: '대기하기' }).tap();
  await expect(page).toHaveURL(/\/balancegame\/\d+$/);
  await expect(page.getByText('1 / 5')).toBeVisible();
  await expectFingerSized(page, 'game');

  await page.locator('.slider__slide:not([aria-hidden="true"])').getByRole('button', { name: /^A/ }).tap();
  await expect(page.getByText('투표 완료! 실시간 결과를 확인해 보세요.')).toBeVisible();
  await expectFingerSized(page, 'game after a vote');
});
