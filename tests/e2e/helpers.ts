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

/** Signs a fresh student up through the API (the signup screen has its own test) and returns the credentials. */
export async function signupViaApi(request: APIRequestContext, prefix = 'e2e') {
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
  return s;
}
