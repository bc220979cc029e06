import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { E2E_OPS_TOKEN } from './helpers';

/** A party of the test's own (operator API), two days ahead, with a 1,000P deposit. */
export async function opsParty(request: APIRequestContext, title: string, maxParticipants: number) {
  const created = await request.post('/api/ops/parties/', {
    headers: { 'X-Ops-Token': E2E_OPS_TOKEN },
    data: { title, place_id: 1, start_time: new Date(Date.now() + 48 * 3_600_000).toISOString(), max_participants: maxParticipants, deposit: 1000, tags: ['테스트'] },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

/** Signs in through the API and takes an unpaid seat; answers the access token. */
export async function holdSeatViaApi(request: APIRequestContext, student: { username: string; password: string }, partyId: number) {
  const res = await request.post('/api/signup/auth/login/', { data: { username: student.username, password: student.password } });
  const { access } = (await res.json()) as { access: string };
  expect((await request.post(`/api/reserve/join/${partyId}/`, { headers: { Authorization: `Bearer ${access}` } })).status()).toBe(201);
  return access;
}

/** On the party's page, pays for the seat I hold (결제 계속하기 → /payment → 결제하기) and ends on /paymentfinish. */
export async function payHeldSeat(page: Page) {
  await page.getByRole('button', { name: '결제 계속하기' }).tap();
  await expect(page).toHaveURL(/\/payment$/);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: '결제하기' }).tap();
  await page.getByRole('alertdialog').getByRole('button', { name: '확인' }).tap();
  await expect(page).toHaveURL(/\/paymentfinish$/);
}
