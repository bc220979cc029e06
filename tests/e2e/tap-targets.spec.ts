import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { MapParty } from '../../src/shared/parties';
import { collectDialogs, E2E_OPS_TOKEN, login, partyOfFour, signupViaApi, standbyViaApi } from './helpers';
import { markerPoint, sheetSettled } from './map-helpers';
import { MIN_TAP, tapTargetsOffenders } from './tap-probe';

// Every tappable thing a student meets takes a finger: a MIN_TAP × MIN_TAP square around it lands on it. Konva's
// canvas markers are not DOM elements and are out of this check (the map spec taps them).

// Soft: one run lists the offenders of every screen, not only the first.
async function expectFingerSized(page: Page, screen: string, opts?: { scroll?: boolean | string }) {
  // The picture of each screen shows that a grown hit area never moved the drawing (compare with main's).
  await page.screenshot({ path: test.info().outputPath(`${screen.replace(/\W+/g, '-')}.png`) });
  const offenders = await tapTargetsOffenders(page, opts);
  expect.soft(offenders, `${screen}: tap targets smaller than ${MIN_TAP}×${MIN_TAP}:\n  ${offenders.join('\n  ')}`).toEqual([]);
}

test('home, a party, the map and my page: every tap target is finger-sized', async ({ page, request }) => {
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
  // Probed once the sheet is up (its cards move while its spring runs), tapped on the map once it is down.
  await sheetSettled(page, true);
  // The expanded list scrolls: a card cut by its edge at one position is whole at the next.
  await expectFingerSized(page, 'map, sheet expanded', { scroll: '#map-sheet-list' });
  await grabber.tap();
  await sheetSettled(page, false);

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

  await page.getByRole('link', { name: '개인정보 처리방침' }).tap();
  await expect(page.getByRole('heading', { level: 1, name: '개인정보 처리방침' })).toBeVisible();
  await expect(page.getByText(/^버전 \d+ · 시행일/)).toBeVisible();
  await expectFingerSized(page, 'privacy policy');
});

test('the balance game: every tap target is finger-sized, before and after a vote', async ({ page, request }) => {
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

/**
 * Another party of the test's own (operator API), joined and paid by the student whose token is given. At the
 * library, with the other tests' parties: the map tests count the parties at 학생회관.
 */
async function secondParty(request: APIRequestContext, token: string) {
  const headers = { 'X-Ops-Token': E2E_OPS_TOKEN };
  const start_time = new Date(Date.now() + 3 * 24 * 3_600_000).toISOString();
  const created = await request.post('/api/ops/parties/', { headers, data: { title: `tapr 둘째 ${Date.now().toString(36)}`, place_id: 1, start_time, max_participants: 4, deposit: 0, tags: ['테스트'] } });
  expect(created.status()).toBe(201);
  const { id: partyId } = (await created.json()) as { id: number };
  const bearer = { Authorization: `Bearer ${token}` };
  const join = await request.post(`/api/reserve/join/${partyId}/`, { headers: bearer });
  expect(join.status()).toBeLessThan(300);
  const { id } = (await join.json()) as { id: number };
  expect((await request.post(`/api/reserve/pay/${id}/`, { headers: bearer, data: { payment_method: 'POINT' } })).status()).toBe(200);
}

test('assistant, notifications, lobby, participants, report, history and the review modal: every tap target is finger-sized', async ({ page, request }) => {
  // A minute of waiting for the party to start (then it is in the history, with its review button).
  test.setTimeout(300_000);
  const { partyId, students, tokens } = await partyOfFour(request, 'tapr', 60_000);
  await secondParty(request, tokens[0]); // two cards: the assistant's carousel shows its arrows and dots
  await collectDialogs(page);
  await login(page, students[0].username, students[0].password);

  await page.goto('/assist');
  await expect(page.getByRole('button', { name: /2번째/ })).toBeVisible();
  await expectFingerSized(page, 'assistant');

  await page.goto('/notifications');
  await expect(page.getByRole('listitem').first()).toBeVisible();
  await expectFingerSized(page, 'notifications');

  await page.goto(`/balancewait/${partyId}`);
  await expect(page.getByRole('status').first()).toHaveText('연결됨');
  await expectFingerSized(page, 'lobby');

  await page.goto(`/participants/${partyId}`);
  await expect(page.getByRole('button', { name: '신고 불가' })).toBeVisible();
  await expectFingerSized(page, 'participants');

  await page.getByRole('listitem').filter({ hasText: students[1].username }).getByRole('button', { name: '신고하기' }).tap();
  await expect(page.getByRole('heading', { name: '회원 신고하기' })).toBeVisible();
  await expectFingerSized(page, 'report');

  await page.goto('/mypage/history');
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('button', { name: '리뷰 남기기' }).first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 120_000, intervals: [3_000] });
  await expectFingerSized(page, 'history');
  await page.getByRole('button', { name: '리뷰 남기기' }).first().tap();
  const modal = page.getByRole('dialog', { name: '파티 리뷰 남기기' });
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: /3점$/ }).first().tap();
  await expectFingerSized(page, 'review modal', { scroll: false });
});
