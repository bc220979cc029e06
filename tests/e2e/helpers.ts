import { type APIRequestContext, expect, type Page } from '@playwright/test';
import sharp from 'sharp';

/** The operator token tests/e2e/serve.ts gives the server. */
export const E2E_OPS_TOKEN = 'e2e-ops-token-0123456789abcdef';

// All tests share one server and run two or more at a time, so none may change what another reads. The seeded demo
// campus is read-only here: its parties' seats, the demo students and the operator's account stay as seeded. A test
// that joins, fills, cancels or waits for a party makes its own (opsParty, partyOfFour) and its own students
// (signupViaApi), finds its card by its title, never by its place in a list, and puts its parties at the library
// (place 1, where nothing counts the stack) or at a place of its own.

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

const appAlerts = new WeakMap<Page, Promise<string[]>>();

/**
 * From now on, records the text of every app alert (the alert dialog of useAlert, `dialog.app-alert`) and taps its
 * 확인 at once, so a flow that waits for it goes on, and returns the texts so a test can assert what the student
 * was told. The app never uses the browser's own alert, confirm or prompt: one fails the test. Watching is done in
 * the page (a MutationObserver), so alerts are answered even while the test only waits for a URL or a poll. Once
 * per page: a second call returns the same list. A test that looks at an alert itself does not call this.
 */
export function collectDialogs(page: Page): Promise<string[]> {
  let seen = appAlerts.get(page);
  if (!seen) {
    seen = watchAppAlerts(page);
    appAlerts.set(page, seen);
  }
  return seen;
}

async function watchAppAlerts(page: Page) {
  const seen: string[] = [];
  page.on('dialog', (dialog) => {
    expect.soft(`${dialog.type()}: ${dialog.message()}`, 'the app used a native dialog').toBe('');
    void dialog.dismiss();
  });
  await page.exposeBinding('__e2eAppAlert', (_source, text: string) => {
    seen.push(text);
  });
  await page.addInitScript(answerAppAlerts);
  if (page.url() !== 'about:blank') await page.evaluate(answerAppAlerts);
  return seen;
}

/** In the page: reports each app alert's text as it opens, then taps its one button. */
function answerAppAlerts() {
  const w = window as unknown as { __e2eAppAlert: (text: string) => Promise<void>; __e2eWatching?: boolean };
  if (w.__e2eWatching) return;
  w.__e2eWatching = true;
  const answered = new WeakSet<Element>();
  const answer = () => {
    for (const dialog of document.querySelectorAll('dialog.app-alert[open]')) {
      if (answered.has(dialog)) continue;
      answered.add(dialog);
      const label = document.getElementById(dialog.getAttribute('aria-labelledby') ?? '');
      // Reported before the tap, so the text is recorded by the time the flow behind it goes on.
      void w.__e2eAppAlert(label?.textContent ?? '').then(() => dialog.querySelector('button')?.click());
    }
  };
  new MutationObserver(answer).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['open'] });
  answer();
}

/** Logs in through /login; the 로그인 성공. alert (and every later app alert on the page) is answered. */
export async function login(page: Page, username: string, password: string) {
  await collectDialogs(page);
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
export async function signupViaApi(request: APIRequestContext, prefix = 'e2e', opts: { approved?: boolean; name?: string; school?: string } = {}) {
  const s = { ...newStudent(prefix), ...(opts.name ? { name: opts.name } : {}), ...(opts.school ? { school: opts.school } : {}) };
  const card = await studentCardPng();
  const send = async () => {
    // The version in effect, as the signup form reads it.
    const policy = (await (await request.get('/api/privacy/')).json()) as { version: number };
    return request.post('/api/signup/auth/signup/', {
      multipart: {
        privacy_policy_version: String(policy.version),
        username: s.username,
        password: s.password,
        password2: s.password,
        name: s.name,
        email: s.email,
        phone: s.phone,
        school: s.school,
        student_card_image: { name: 'card.png', mimeType: 'image/png', buffer: card },
      },
    });
  };
  // tests/e2e/privacy.spec.ts publishes a version while others sign up: a 409 says the one read is no longer in
  // effect, as the signup form hears it, and the form reads it again.
  let res = await send();
  if (res.status() === 409) res = await send();
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: number };
  if (opts.approved ?? true) expect((await decideViaApi(request, id, 'approve')).status()).toBe(200);
  return { ...s, id };
}

/**
 * An operator approves or rejects (`body` holds the reason) the card the queue shows for the student: a decision
 * names the card it was made on (`card_submitted_at`), as the console sends it.
 */
export async function decideViaApi(request: APIRequestContext, id: number, decision: 'approve' | 'reject', body: object = {}) {
  const headers = { 'X-Ops-Token': E2E_OPS_TOKEN };
  let seen: string | undefined;
  // Page after page: other tests' students may fill the first.
  for (let cursor = ''; ; ) {
    const page = (await (await request.get(`/api/ops/verifications/?limit=100${cursor}`, { headers })).json()) as QueuePage;
    seen = page.results.find((v) => v.id === id)?.card_submitted_at;
    if (seen || !page.next_cursor) break;
    cursor = `&cursor=${encodeURIComponent(page.next_cursor)}`;
  }
  return request.post(`/api/ops/verifications/${id}/${decision}/`, { headers, data: { card_submitted_at: seen, ...body } });
}

interface QueuePage {
  results: { id: number; card_submitted_at: string }[];
  next_cursor: string | null;
}

/**
 * A party of the test's own (operator API) with four fresh students joined and paid through the API, so a test can
 * reach the lobby and a game without touching the demo students other tests count on. Returns the party id and
 * title, the students and their access tokens.
 */
export async function partyOfFour(request: APIRequestContext, prefix: string, startsInMs: number) {
  const title = `${prefix} 파티 ${Date.now().toString(36)}`;
  const created = await request.post('/api/ops/parties/', {
    headers: { 'X-Ops-Token': E2E_OPS_TOKEN },
    data: {
      title,
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
  return { partyId, title, students, tokens };
}

/** Puts a student on standby in a party's lobby through the API. */
export async function standbyViaApi(request: APIRequestContext, token: string, partyId: number) {
  const res = await request.post(`/api/partyassist/standby/${partyId}/toggle/`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
}

/** Waits until the service worker controls the page (it takes over on the load after it installs). */
export async function underServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toMatch(/\/sw\.js$/);
}
