import { expect } from '@playwright/test';
import { expectAccessible } from './axe';
import { decideViaApi, login, signupViaApi } from './helpers';
import { test } from './phones';
import { holdSeatViaApi, leaveThroughSheet, opsParty, paidSeatViaApi, waitInLineViaApi } from './seat-helpers';
import { footerTab as tab } from './seat-screens';

// Issue 30 §1–4: the seat I hold, cancelled from the app; leaving payment asks first; every screen shows the
// server's state of my seat without a reload; my state on every card. Several students at once, each a browser of
// their own, on parties of the test's own.
test.describe.configure({ timeout: 300_000 });

test('a paid seat is cancelled from the party page: the sheet says the refund, and the student in line hears the offer on home', async ({ newPhone, request }) => {
  const title = `취소 파티 ${Date.now().toString(36)}`;
  const partyId = await opsParty(request, title, 2);
  const holder = await signupViaApi(request, 'leaver');
  await paidSeatViaApi(request, holder, partyId);
  // Another student holds the other seat: the party is full, and a third waits in line.
  await holdSeatViaApi(request, await signupViaApi(request, 'filler'), partyId);
  const waiter = await signupViaApi(request, 'liner');
  await waitInLineViaApi(request, waiter, partyId);

  // The student in line: 대기 1번째 on the home card and the map card.
  const b = await newPhone(waiter);
  const homeCard = b.getByRole('listitem').filter({ hasText: `#${title}` });
  await expect(homeCard).toContainText('대기 1번째');
  await tab(b, '지도').tap();
  await expect(b.getByRole('listitem').filter({ hasText: title })).toContainText('대기 1번째');
  await tab(b, '홈').tap();
  await expect(homeCard).toContainText('대기 1번째');

  // The holder cancels from the party page; the sheet says what happens now, by the server's rule.
  const a = await newPhone(holder);
  await a.goto(`/partyinfo/${partyId}`);
  await expect(a.getByRole('button', { name: '참가 확정' })).toBeDisabled();
  await leaveThroughSheet(a, ['지금 취소하면 1,000P 전액 환불'], { axe: 'the 참가 취소 sheet' });
  // The seat went to the line at once: the party is full again, and the page says so without a reload.
  await expect(a.getByText('2 / 2명 참여')).toBeVisible();
  await expect(a.getByRole('button', { name: '대기 신청' })).toBeVisible();
  await expect(a.getByRole('button', { name: '참가 취소' })).toHaveCount(0);

  // The student in line hears it on the screen they are on (no reload): their card now holds a seat to pay for.
  await expect(homeCard).toContainText(/결제 대기 \d\d:\d\d/, { timeout: 60_000 });
});

test('backing out of payment asks first; cancelling gives the seat to the line, and the party page shows it without a reload', async ({ newPhone, request }) => {
  const title = `결제 취소 파티 ${Date.now().toString(36)}`;
  const partyId = await opsParty(request, title, 2);
  await holdSeatViaApi(request, await signupViaApi(request, 'backfill'), partyId);
  const s = await signupViaApi(request, 'backout');
  const waiter = await signupViaApi(request, 'backline');

  const page = await newPhone(s);
  await page.goto(`/partyinfo/${partyId}`);
  await page.getByRole('button', { name: '참가신청' }).tap();
  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByText(/결제 가능 시간 \d\d:\d\d 남음/)).toBeVisible();
  // Full now: another student gets in line behind the held seat.
  await waitInLineViaApi(request, waiter, partyId);

  // The browser's (Android's) back asks; staying keeps the seat and the page.
  await page.goBack();
  const ask = page.getByRole('alertdialog', { name: '결제를 그만둘까요?' });
  await expect(ask).toBeVisible();
  await expectAccessible(page, 'the 결제를 그만둘까요? dialog');
  await ask.getByRole('button', { name: '계속 결제하기' }).tap();
  await expect(ask).toHaveCount(0);
  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByRole('button', { name: '결제하기' })).toBeVisible();

  // The in-app ‹ asks too; cancelling gives the seat back and lands on the party page as the server has it.
  await page.getByRole('button', { name: '뒤로 가기' }).tap();
  await ask.getByRole('button', { name: '신청 취소하고 나가기' }).tap();
  await expect(page).toHaveURL(new RegExp(`/partyinfo/${partyId}$`));
  // The freed seat was offered to the student in line: 2/2 again, and no 결제 계속하기 for a seat no longer mine.
  await expect(page.getByText('2 / 2명 참여')).toBeVisible();
  await expect(page.getByRole('button', { name: '대기 신청' })).toBeVisible();
  await expect(page.getByRole('button', { name: '결제 계속하기' })).toHaveCount(0);
  const mine = await page.evaluate(async (id) => {
    const res = await fetch(`/api/detailview/parties/${id}/`, { headers: { Authorization: `Bearer ${localStorage.getItem('access')}` } });
    return ((await res.json()) as { my_participation: unknown }).my_participation;
  }, partyId);
  expect(mine).toBeNull();
});

test('a student whose card is not approved sees why on home, and join buttons that explain instead of joining', async ({ page, request }) => {
  const s = await signupViaApi(request, 'unproven', { approved: false });
  await login(page, s.username, s.password);
  const banner = page.getByRole('region', { name: '학생증 확인 중' });
  await expect(banner).toBeVisible();
  await expectAccessible(page, 'home with the card-check banner');
  const joins: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/api/reserve/join/')) joins.push(r.url());
  });
  await page.getByRole('button', { name: '학생증 확인 중' }).first().tap();
  const waiting = page.getByRole('alertdialog', { name: '학생증 확인 중이에요' });
  await expect(waiting).toBeVisible();
  await waiting.getByRole('button', { name: '확인' }).tap();
  // The map's cards say it too, as home's do.
  await tab(page, '지도').tap();
  await expect(page.getByRole('list', { name: '파티 목록' }).getByRole('listitem').filter({ hasText: '학생증 확인 중' }).first()).toBeAttached();
  await expectAccessible(page, 'the map with 학생증 확인 중 on its cards');
  expect(joins).toEqual([]);
});

test('a student whose card was rejected reads the reason on home; its join buttons lead to my page, and the map says it too', async ({ page, request }) => {
  const s = await signupViaApi(request, 'refused', { approved: false });
  const reason = '학생증 사진이 흐려 이름을 읽을 수 없습니다';
  expect((await decideViaApi(request, s.id, 'reject', { reason })).status()).toBe(200);
  await login(page, s.username, s.password);
  const banner = page.getByRole('region', { name: '학생증 반려됨' });
  await expect(banner).toContainText(`학생증이 반려되었어요 (사유: ${reason})`);
  await expect(page.getByRole('button', { name: '신청하기' })).toHaveCount(0);
  await expectAccessible(page, 'home with the rejected-card banner');
  const joins: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/api/reserve/join/')) joins.push(r.url());
  });

  await tab(page, '지도').tap();
  await expect(page.getByRole('list', { name: '파티 목록' }).getByRole('listitem').filter({ hasText: '학생증 반려됨' }).first()).toBeAttached();
  await tab(page, '홈').tap();
  await page.getByRole('button', { name: '학생증 반려됨' }).first().tap();
  const refusal = page.getByRole('alertdialog', { name: '학생증이 반려되었어요' });
  await expect(refusal).toContainText(reason);
  await refusal.getByRole('button', { name: '마이페이지에서 학생증 보내기' }).tap();
  await expect(page).toHaveURL(/\/mypage$/);
  await expect(page.getByRole('heading', { name: '학생증이 반려되었어요' })).toBeVisible();
  expect(joins).toEqual([]);
});

test('an unpaid seat is cancelled from the party page: the sheet says no points moved, and the page shows the seat given back', async ({ newPhone, request }) => {
  const title = `미결제 취소 파티 ${Date.now().toString(36)}`;
  const partyId = await opsParty(request, title, 3);
  const s = await signupViaApi(request, 'unpaid');
  await holdSeatViaApi(request, s, partyId);
  const page = await newPhone(s);
  await page.goto(`/partyinfo/${partyId}`);
  await expect(page.getByRole('button', { name: '결제 계속하기' })).toBeVisible();
  await leaveThroughSheet(page, ['아직 결제 전이라 포인트는 그대로예요.', '취소한 자리는 기다리는 다음 분께 넘어가요.'], { axe: 'the 참가 취소 sheet of an unpaid seat' });
  await expect(page.getByText('0 / 3명 참여')).toBeVisible();
  await expect(page.getByRole('button', { name: '참가신청' })).toBeEnabled();
  await expect(page.getByRole('button', { name: '결제 계속하기' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: '참가 취소' })).toHaveCount(0);
});

test('a paid seat less than 24 hours before the start is cancelled from the 파티비서 card: the sheet says nothing comes back', async ({ newPhone, request }) => {
  const title = `환불 없는 파티 ${Date.now().toString(36)}`;
  const partyId = await opsParty(request, title, 3, 5 * 3_600_000);
  const s = await signupViaApi(request, 'norefund');
  await paidSeatViaApi(request, s, partyId);
  const page = await newPhone(s);
  await tab(page, '파티비서').tap();
  const card = page.getByRole('article', { name: title });
  await leaveThroughSheet(page, ['시작 24시간 전이 지나 환불되지 않아요', '보증금 1,000P는 돌려받을 수 없어요.'], { on: card, axe: 'the 참가 취소 sheet past the refund deadline' });
  await expect(card).toHaveCount(0);
  await expect(page.getByText('참여 중인 파티가 없어요.')).toBeVisible();
  // Nothing came back: my page keeps the points after the deposit.
  await tab(page, '마이페이지').tap();
  await expect(page.getByRole('region', { name: '나의 활동' })).toContainText('9,000P');
});
