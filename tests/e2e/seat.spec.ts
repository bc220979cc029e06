import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { login, signupViaApi } from './helpers';
import { test } from './phones';
import { holdSeatViaApi, opsParty } from './seat-helpers';

// Issue 30 §1–4: the seat I hold, cancelled from the app; leaving payment asks first; every screen shows the
// server's state of my seat without a reload; my state on every card. Several students at once, each a browser of
// their own, on parties of the test's own.
test.describe.configure({ timeout: 300_000 });

/** Signs in through the API, takes a seat and pays for it; answers the access token. */
async function paidSeatViaApi(request: APIRequestContext, student: { username: string; password: string }, partyId: number) {
  const login = await request.post('/api/signup/auth/login/', { data: { username: student.username, password: student.password } });
  const { access } = (await login.json()) as { access: string };
  const headers = { Authorization: `Bearer ${access}` };
  const joined = await request.post(`/api/reserve/join/${partyId}/`, { headers });
  expect(joined.status()).toBe(201);
  const { id } = (await joined.json()) as { id: number };
  expect((await request.post(`/api/reserve/pay/${id}/`, { headers, data: { payment_method: 'POINT' } })).status()).toBe(200);
  return access;
}

async function waitInLineViaApi(request: APIRequestContext, student: { username: string; password: string }, partyId: number) {
  const login = await request.post('/api/signup/auth/login/', { data: { username: student.username, password: student.password } });
  const { access } = (await login.json()) as { access: string };
  expect((await request.post(`/api/reserve/waitlist/${partyId}/`, { headers: { Authorization: `Bearer ${access}` } })).status()).toBe(201);
}

const tab = (page: Page, name: string) => page.getByRole('navigation', { name: '주요 메뉴' }).getByRole('button', { name });

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
  await a.getByRole('button', { name: '참가 취소' }).tap();
  const sheet = a.getByRole('alertdialog', { name: '참가를 취소할까요?' });
  await expect(sheet.getByText('지금 취소하면 1,000P 전액 환불')).toBeVisible();
  await expectAccessible(a, 'the 참가 취소 sheet');
  await sheet.getByRole('button', { name: '참가 취소하기' }).tap();
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
  await expect(page.getByRole('alertdialog', { name: '학생증 확인 중이에요' })).toBeVisible();
  expect(joins).toEqual([]);
});
