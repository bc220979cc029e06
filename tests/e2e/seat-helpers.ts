import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { E2E_OPS_TOKEN } from './helpers';

interface Credentials {
  username: string;
  password: string;
}

/**
 * A party of the test's own (operator API) with a 1,000P deposit, two days ahead unless told. An earlier start puts
 * it higher on home, which shows the 50 soonest: above the two-day parties other tests keep making.
 */
export async function opsParty(request: APIRequestContext, title: string, maxParticipants: number, startsInMs = 48 * 3_600_000) {
  const created = await request.post('/api/ops/parties/', {
    headers: { 'X-Ops-Token': E2E_OPS_TOKEN },
    data: { title, place_id: 1, start_time: new Date(Date.now() + startsInMs).toISOString(), max_participants: maxParticipants, deposit: 1000, tags: ['테스트'] },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

/** Signs in through the API; answers the access token. */
export async function accessTokenOf(request: APIRequestContext, student: Credentials) {
  const res = await request.post('/api/signup/auth/login/', { data: { username: student.username, password: student.password } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { access: string }).access;
}

const bearer = (access: string) => ({ Authorization: `Bearer ${access}` });

/** Signs in through the API and takes an unpaid seat; answers the access token. */
export async function holdSeatViaApi(request: APIRequestContext, student: Credentials, partyId: number) {
  const access = await accessTokenOf(request, student);
  expect((await request.post(`/api/reserve/join/${partyId}/`, { headers: bearer(access) })).status()).toBe(201);
  return access;
}

/** Signs in through the API, takes a seat and pays for it; answers the access token. */
export async function paidSeatViaApi(request: APIRequestContext, student: Credentials, partyId: number) {
  const access = await accessTokenOf(request, student);
  const joined = await request.post(`/api/reserve/join/${partyId}/`, { headers: bearer(access) });
  expect(joined.status()).toBe(201);
  const { id } = (await joined.json()) as { id: number };
  expect((await request.post(`/api/reserve/pay/${id}/`, { headers: bearer(access), data: { payment_method: 'POINT' } })).status()).toBe(200);
  return access;
}

/** Signs in through the API and gets in the line of a full party; answers the access token. */
export async function waitInLineViaApi(request: APIRequestContext, student: Credentials, partyId: number) {
  const access = await accessTokenOf(request, student);
  expect((await request.post(`/api/reserve/waitlist/${partyId}/`, { headers: bearer(access) })).status()).toBe(201);
  return access;
}

/** On the party's page, pays for the seat I hold (결제 계속하기 → /payment → 결제하기) and ends on /paymentfinish. */
export async function payHeldSeat(page: Page) {
  await page.getByRole('button', { name: '결제 계속하기' }).tap();
  await payOnPaymentPage(page);
}

/** On /payment: agrees to the refund policy, pays, confirms 결제 완료! and ends on /paymentfinish. */
export async function payOnPaymentPage(page: Page) {
  await expect(page).toHaveURL(/\/payment$/);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: '결제하기' }).tap();
  await page.getByRole('alertdialog').getByRole('button', { name: '확인' }).tap();
  await expect(page).toHaveURL(/\/paymentfinish$/);
}

/**
 * 참가 취소 through its sheet: taps it (on the party's page, or inside `on`, such as the assistant's card), waits for
 * the sheet to say each of `says` (the server's quote), scans it with axe when `axe` names it, and confirms.
 */
export async function leaveThroughSheet(page: Page, says: string[], { on = page, axe }: { on?: Page | Locator; axe?: string } = {}) {
  await on.getByRole('button', { name: '참가 취소' }).tap();
  const sheet = page.getByRole('alertdialog', { name: '참가를 취소할까요?' });
  for (const text of says) await expect(sheet.getByText(text)).toBeVisible();
  if (axe) await expectAccessible(page, axe);
  await sheet.getByRole('button', { name: '참가 취소하기' }).tap();
}
