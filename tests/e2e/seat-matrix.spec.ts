import { expect } from '@playwright/test';
import { expectAccessible } from './axe';
import { e2eDatabaseUrl, shortenHold } from './e2e-database';
import { E2E_OPS_TOKEN, signupViaApi } from './helpers';
import { test } from './phones';
import { accessTokenOf, holdSeatViaApi, leaveThroughSheet, opsParty, paidSeatViaApi, payOnPaymentPage, waitInLineViaApi } from './seat-helpers';
import { expectEveryScreen, expectScreenShows, type MatrixParty, openInApp, seatTruth, serverReaches } from './seat-screens';

// Issue 30 §3, one source of truth for my seat, as a matrix: the seven seat events, each caused from where it really
// comes from, × the five screens that show a seat (the party's page, home, the map, the assistant, my page). For each
// event one screen is open when it lands and must show the server's new state by itself, with no reload; the four
// others are then opened in the app (footer, card, bell) and must show it too. Which screen is open rotates, so each
// is the open one at least once: join → home, pay → map, leave → assistant, a line moving → assistant, an offer →
// map, an operator's cancel → my page, a hold running out → the party's page. What each screen must say is read from
// the server at that moment (seat-screens.ts). The events other people or the clock cause are heard by the app's own
// polls (the bell's count, my lines, the end of my hold), so a few waits here last up to their 15 s.
test.describe.configure({ timeout: 300_000 });

// Well before the two-day parties other tests keep making: home shows the 50 soonest.
const STARTS_IN = 30 * 3_600_000;

async function matrixParty(request: Parameters<typeof opsParty>[0], name: string, seats: number): Promise<MatrixParty> {
  const title = `${name} ${Date.now().toString(36)}`;
  return { id: await opsParty(request, title, seats, STARTS_IN), title };
}

test('join, pay and leave, by my own taps: the other phone hears the first two on home and the map, and the assistant I leave from shows it at once', async ({ newPhone, request }) => {
  const party = await matrixParty(request, '매트릭스 참가', 3);
  const s = await signupViaApi(request, 'mxself');
  const access = await accessTokenOf(request, s);
  // Two phones of one student: taps on one, the screens on the other follow.
  const tapper = await newPhone(s);
  const watcher = await newPhone(s);
  const truth = () => seatTruth(request, access, party.id);

  // join: the watcher is on home.
  await expectScreenShows(watcher, 'home', party, await truth());
  await tapper.goto(`/partyinfo/${party.id}`);
  await tapper.getByRole('button', { name: '참가신청' }).tap();
  await expect(tapper).toHaveURL(/\/payment$/);
  await expect(tapper.getByText(/결제 가능 시간 \d\d:\d\d 남음/)).toBeVisible();
  const joined = await serverReaches(request, access, party.id, { seat: 'pending', applied: 1 });
  await expectEveryScreen(watcher, party, joined, 'home', ['detail', 'assistant', 'mypage']);
  await openInApp(watcher, 'map', party, joined);
  await expectScreenShows(watcher, 'map', party, joined);
  await expectAccessible(watcher, 'the map with 결제 대기 on my card');

  // pay: the watcher stays on the map.
  await payOnPaymentPage(tapper);
  const paid = await serverReaches(request, access, party.id, { seat: 'confirmed', points: 9000 });
  await expectEveryScreen(watcher, party, paid, 'map', ['home', 'detail', 'assistant', 'mypage']);
  await openInApp(watcher, 'home', party, paid);
  await expectAccessible(watcher, 'home with 참가 확정 on my card');

  // leave: from the assistant's card, where the paying phone lands.
  await tapper.getByRole('button', { name: '확인' }).tap();
  await expect(tapper).toHaveURL(/\/assist$/);
  await expectScreenShows(tapper, 'assistant', party, paid);
  await leaveThroughSheet(tapper, ['지금 취소하면 1,000P 전액 환불'], { on: tapper.getByRole('article', { name: party.title }) });
  const left = await serverReaches(request, access, party.id, { seat: 'none', applied: 0, points: 10_000 });
  await expectEveryScreen(tapper, party, left, 'assistant', ['mypage', 'home', 'detail', 'map']);
});

test('a place in the line moves, then a seat is offered: the assistant and then the map hear each by themselves', async ({ newPhone, request }) => {
  // Full: two other students hold its two seats.
  const party = await matrixParty(request, '매트릭스 대기', 2);
  const holder = await holdSeatViaApi(request, await signupViaApi(request, 'mxhold'), party.id);
  await holdSeatViaApi(request, await signupViaApi(request, 'mxhold'), party.id);
  const ahead = await waitInLineViaApi(request, await signupViaApi(request, 'mxahead'), party.id);
  const s = await signupViaApi(request, 'mxline');
  const access = await waitInLineViaApi(request, s, party.id);
  const page = await newPhone(s);

  // waitlist move: the assistant is open, with 대기 2번째; the student ahead of me leaves the line.
  await openInApp(page, 'assistant', party, await seatTruth(request, access, party.id));
  await expectScreenShows(page, 'assistant', party, await serverReaches(request, access, party.id, { position: 2 }));
  expect((await request.delete(`/api/reserve/waitlist/${party.id}/`, { headers: { Authorization: `Bearer ${ahead}` } })).status()).toBe(204);
  const moved = await serverReaches(request, access, party.id, { position: 1 });
  await expectEveryScreen(page, party, moved, 'assistant', ['home', 'detail', 'map', 'mypage']);
  await openInApp(page, 'assistant', party, moved);
  await expectAccessible(page, 'the assistant with 대기 1번째 in my line');

  // offer: the map is open; the holder gives the seat back and the server offers it to me, first in line.
  await openInApp(page, 'map', party, moved);
  await expectScreenShows(page, 'map', party, moved);
  expect((await request.post(`/api/detailview/parties/${party.id}/leave/`, { headers: { Authorization: `Bearer ${holder}` } })).status()).toBe(200);
  const offered = await serverReaches(request, access, party.id, { seat: 'pending', position: null });
  await expectEveryScreen(page, party, offered, 'map', ['home', 'detail', 'assistant', 'mypage']);
});

test('an operator cancels the party: my page, open, shows the deposit back by itself, and the party is gone everywhere else', async ({ newPhone, request }) => {
  const party = await matrixParty(request, '매트릭스 취소', 3);
  const s = await signupViaApi(request, 'mxcancel');
  const access = await paidSeatViaApi(request, s, party.id);
  const page = await newPhone(s);

  await openInApp(page, 'mypage', party, await seatTruth(request, access, party.id));
  await expectScreenShows(page, 'mypage', party, await serverReaches(request, access, party.id, { seat: 'confirmed', points: 9000 }));
  // From the operator console's API, as its 파티 취소 sends it.
  expect((await request.post(`/api/ops/parties/${party.id}/cancel/`, { headers: { 'X-Ops-Token': E2E_OPS_TOKEN } })).status()).toBe(200);
  const cancelled = await serverReaches(request, access, party.id, { party: 'cancelled', seat: 'none', points: 10_000 });
  await expectEveryScreen(page, party, cancelled, 'mypage', ['home', 'map', 'assistant', 'detail']);
  await expectAccessible(page, 'the party page of a cancelled party');
});

test('my hold runs out: the party page, open, says so, then shows the seat released by the server, and so does every other screen', async ({ newPhone, request }) => {
  test.skip(!e2eDatabaseUrl(), 'the hold is shortened in the server’s database, which a test reaches on PostgreSQL only (DATABASE_URL, as in CI)');
  const party = await matrixParty(request, '매트릭스 만료', 3);
  const s = await signupViaApi(request, 'mxexpire');
  const page = await newPhone(s);
  const access = await holdSeatViaApi(request, s, party.id);
  await shortenHold(s.id, party.id, 25_000);

  await openInApp(page, 'detail', party, await seatTruth(request, access, party.id));
  await expectScreenShows(page, 'detail', party, await serverReaches(request, access, party.id, { seat: 'pending', applied: 1 }));
  // The phone's clock reaches the end (the wait is longer than the hold): no 결제 계속하기 for a hold that is over.
  await expect(page.getByText('결제 가능 시간이 끝났어요')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('button', { name: '결제 계속하기' })).toHaveCount(0);
  await expect(page.getByText('결제 시간 종료')).toBeVisible();
  await expectAccessible(page, 'the party page with 결제 시간 종료');
  // The server's sweep (every 30 s) releases it; the page follows without a reload.
  const released = await serverReaches(request, access, party.id, { seat: 'none', applied: 0 }, 60_000);
  await expectEveryScreen(page, party, released, 'detail', ['home', 'map', 'assistant', 'mypage']);
});
