import { type APIRequestContext, expect, type Page } from '@playwright/test';
import sharp from 'sharp';

/** The operator token tests/e2e/serve.ts gives the server. */
export const E2E_OPS_TOKEN = 'e2e-ops-token-0123456789abcdef';

let seq = 0;
/** A unique student per test, so parallel workers never collide on the one server. */
export function newStudent(prefix = 'e2e') {
  seq += 1;
  const tag = `${Date.now().toString(36).slice(-5)}${process.pid % 100}${seq}`;
  return {
    name: '테스트학생',
    username: `${prefix}_${tag}`.slice(0, 20),
    password: 'e2e-password1',
    email: `${prefix}_${tag}@hanbit.ac.kr`,
    phone: `010${String(Date.now() + seq * 7919).slice(-8)}`,
    school: '한빛대학교',
  };
}

export async function studentCardPng(): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 200, channels: 3, background: '#dfe7ff' } }).png().toBuffer();
}

/** Accepts every alert and remembers its text, so a test can assert what the student was told. */
export function collectDialogs(page: Page): string[] {
  const seen: string[] = [];
  page.on('dialog', (d) => {
    seen.push(d.message());
    void d.accept();
  });
  return seen;
}

export async function login(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('아이디').fill(username);
  await page.getByLabel('비밀번호', { exact: true }).fill(password);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
}

/**
 * Signs a fresh student up through the API (the signup screen has its own test) and returns the credentials. A new
 * card waits for an operator; unless the test is about that, the operator API approves it at once, so the student
 * may join like the demo students.
 */
export async function signupViaApi(request: APIRequestContext, prefix = 'e2e', opts: { approved?: boolean } = {}) {
  const s = newStudent(prefix);
  const res = await request.post('/api/signup/auth/signup/', {
    multipart: {
      username: s.username,
      password: s.password,
      password2: s.password,
      name: s.name,
      email: s.email,
      phone: s.phone,
      school: s.school,
      student_card_image: { name: 'card.png', mimeType: 'image/png', buffer: await studentCardPng() },
    },
  });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: number };
  if (opts.approved ?? true) {
    const approved = await request.post(`/api/ops/verifications/${id}/approve/`, { headers: { 'X-Ops-Token': E2E_OPS_TOKEN } });
    expect(approved.status()).toBe(200);
  }
  return { ...s, id };
}

/**
 * A party of the test's own (operator API) with four fresh students joined and paid through the API, so a test can
 * reach the lobby and a game without touching the demo students other tests count on. Returns the party id, the
 * students and their access tokens.
 */
export async function partyOfFour(request: APIRequestContext, prefix: string, startsInMs: number) {
  const created = await request.post('/api/ops/parties/', {
    headers: { 'X-Ops-Token': E2E_OPS_TOKEN },
    data: {
      title: `${prefix} 파티 ${Date.now().toString(36)}`,
      place_id: 1,
      start_time: new Date(Date.now() + startsInMs).toISOString(),
      max_participants: 4,
      deposit: 1000,
      tags: ['테스트'],
    },
  });
  expect(created.status()).toBe(201);
  const { id: partyId } = (await created.json()) as { id: number };
  const students = [];
  const tokens: string[] = [];
  for (let i = 0; i < 4; i += 1) {
    const s = await signupViaApi(request, prefix);
    const login = await request.post('/api/signup/auth/login/', { data: { username: s.username, password: s.password } });
    expect(login.status()).toBe(200);
    const { access } = (await login.json()) as { access: string };
    const headers = { Authorization: `Bearer ${access}` };
    const join = await request.post(`/api/reserve/join/${partyId}/`, { headers });
    expect(join.status()).toBeLessThan(300);
    const { id } = (await join.json()) as { id: number };
    const pay = await request.post(`/api/reserve/pay/${id}/`, { headers, data: { payment_method: 'POINT' } });
    expect(pay.status()).toBe(200);
    students.push(s);
    tokens.push(access);
  }
  return { partyId, students, tokens };
}

/** Puts a student on standby in a party's lobby through the API. */
export async function standbyViaApi(request: APIRequestContext, token: string, partyId: number) {
  const res = await request.post(`/api/partyassist/standby/${partyId}/toggle/`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
}
