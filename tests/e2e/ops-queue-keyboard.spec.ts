import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { E2E_OPS_TOKEN, signupViaApi } from './helpers';
import { opsLogin } from './ops-helpers';

// Issue 33's measure: an operator clears a queue of student cards by keyboard alone — approves most, rejects some
// with a preset reason (R, a number, Enter), takes one approval back (U) and approves it again — and the page counts
// every key and every mouse event it received (mouse: none). The run prints the wall time per card as a ratio to one
// approve API call timed in the same run: a figure, never a pass/fail (timings differ 3× between machines).
// In the e2e suite the queue holds QUEUE_CARDS cards (24: every kind of decision, paged past the first screen);
// `npm run bench:ops-queue` runs this file with 200 (bench/README.md has the figures).
const CARDS = Number(process.env.QUEUE_CARDS ?? 24);
/** Every tenth card is rejected, its preset by turn (1–5: the fixed reasons; 6 is 기타, typed). */
const rejects = (i: number) => i % 10 === 9;
/** The card whose approval is taken back, then given again. */
const UNDONE = 3;
const PRESETS = ['흐림·식별 불가', '이름 불일치', '타 학교', '학생증 아님', '유효기간 지남'];

test.use({ viewport: { width: 1440, height: 900 }, hasTouch: false, isMobile: false });
// Seeding a few hundred signups and deciding them one by one: the cap only catches a wait that never ends.
test.describe.configure({ timeout: 20 * 60_000 });

/** Signs up `count` students of one school, card pending, a few at a time (the server hashes each password). */
async function pendingStudents(request: APIRequestContext, school: string, count: number) {
  const made: { id: number; username: string }[] = [];
  for (let from = 0; from < count; from += 8) {
    const batch = Array.from({ length: Math.min(8, count - from) }, () => signupViaApi(request, 'kbd', { approved: false, school }));
    made.push(...(await Promise.all(batch)));
  }
  return made;
}

/** Counts what reaches the page from the operator: keys pressed, and any mouse or pointer event at all. */
async function countInput(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __input: { keys: number; mouse: number } };
    w.__input = { keys: 0, mouse: 0 };
    window.addEventListener('keydown', () => (w.__input.keys += 1), true);
    for (const type of ['pointerdown', 'pointerup', 'mousedown', 'mouseup', 'wheel', 'contextmenu', 'dblclick']) {
      window.addEventListener(type, () => (w.__input.mouse += 1), true);
    }
  });
  return () => page.evaluate(() => (window as unknown as { __input: { keys: number; mouse: number } }).__input);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

test('an operator clears a queue of student cards by keyboard alone: approvals, preset rejections and one undo', async ({ page, request }) => {
  const school = `키보드대학교 ${Date.now().toString(36)}`;
  const students = await pendingStudents(request, school, CARDS);
  const ids = new Set(students.map((s) => s.id));

  // The page's clock runs as the machine's, held only around the one undo: it must come inside the approval's 5
  // seconds however busy the machine is.
  await page.clock.install();
  await opsLogin(page, `/ops/verifications?q=${encodeURIComponent(school)}`);
  const panel = page.locator('.verif-panel');
  const heading = panel.getByRole('heading', { level: 2 });
  await expect(heading).toContainText('@kbd_');
  const input = await countInput(page);

  const press = (key: string) => page.keyboard.press(key);
  const started = Date.now();
  const rejected = new Map<string, string>();
  for (let i = 0; i < CARDS; i += 1) {
    const shown = (await heading.textContent()) ?? '';
    const username = /@(\S+)/.exec(shown)?.[1] ?? '';
    expect(username, `card ${i + 1} on screen`).toMatch(/^kbd_/);
    if (rejects(i)) {
      const preset = (Math.floor(i / 10) % PRESETS.length) + 1;
      await press('r');
      await expect(page.getByRole('radio', { name: PRESETS[preset - 1] })).toBeVisible();
      await press(String(preset));
      await expect(page.getByRole('radio', { name: PRESETS[preset - 1] })).toBeChecked();
      await press('Enter');
      rejected.set(username, PRESETS[preset - 1]);
    } else if (i === UNDONE) {
      await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
      await press('a');
      await expect(page.getByRole('button', { name: '되돌리기' })).toBeVisible();
      await press('u');
      // Back on screen, where it was: decided again.
      await expect(heading).toContainText(`@${username}`);
      await page.clock.resume();
      await press('a');
    } else {
      await press('a');
    }
    // The operator looks at the next card before the next key (the last leaves the queue empty).
    if (i < CARDS - 1) await expect(heading).not.toContainText(`@${username}`);
  }
  await expect(page.getByText(`'${school}'에 해당하는 학생이 없습니다.`)).toBeVisible();
  const cleared = Date.now() - started;
  const used = await input();

  // What the server holds: each card decided once, as pressed; the last approval is sent when its undo time ends.
  const headers = { 'X-Ops-Token': E2E_OPS_TOKEN };
  const decided = async (status: 'approved' | 'rejected') => {
    const rows: { id: number; username: string; reason: string | null }[] = [];
    let cursor: string | null = null;
    do {
      const res = await request.get(`/api/ops/verifications/?status=${status}&q=${encodeURIComponent(school)}&limit=100${cursor ? `&cursor=${cursor}` : ''}`, { headers });
      const page = (await res.json()) as { results: typeof rows; next_cursor: string | null };
      rows.push(...page.results);
      cursor = page.next_cursor;
    } while (cursor);
    return rows;
  };
  await expect.poll(async () => (await decided('approved')).length, { timeout: 30_000 }).toBe(CARDS - rejected.size);
  const rejectedRows = await decided('rejected');
  expect(new Map(rejectedRows.map((r) => [r.username, r.reason]))).toEqual(rejected);
  const approvedIds: number[] = [];
  let beforeId: number | null = null;
  do {
    const res = await request.get(`/api/ops/audit/?action=verification.approve&limit=100&after=${new Date(started - 60_000).toISOString()}${beforeId ? `&before_id=${beforeId}` : ''}`, { headers });
    const log = (await res.json()) as { results: { target_id: number }[]; next_before_id: number | null };
    approvedIds.push(...log.results.map((r) => r.target_id).filter((id) => ids.has(id)));
    beforeId = log.next_before_id;
  } while (beforeId);
  // One approval row per approved card: the undone one too was sent once, after its second A.
  expect(approvedIds).toHaveLength(CARDS - rejected.size);
  expect(new Set(approvedIds).size).toBe(approvedIds.length);
  expect(used.mouse).toBe(0);

  // The same decision through the API, timed in this run: the baseline the figure is a ratio to.
  const baseline = await pendingStudents(request, `${school} 기준`, 5);
  const apiTimes: number[] = [];
  for (const s of baseline) {
    const queue = await request.get(`/api/ops/verifications/?q=${encodeURIComponent(s.username)}`, { headers });
    const seen = ((await queue.json()) as { results: { id: number; card_submitted_at: string }[] }).results.find((r) => r.id === s.id)?.card_submitted_at;
    const t0 = Date.now();
    expect((await request.post(`/api/ops/verifications/${s.id}/approve/`, { headers, data: { card_submitted_at: seen } })).status()).toBe(200);
    apiTimes.push(Date.now() - t0);
  }
  const perCard = cleared / CARDS;
  const figure = `${CARDS} cards by keyboard: ${used.keys} keys (${(used.keys / CARDS).toFixed(2)} a card), ${used.mouse} mouse events; ${(cleared / 1000).toFixed(1)} s, ${perCard.toFixed(0)} ms a card = ${(perCard / median(apiTimes)).toFixed(1)}× one approve API call (median ${median(apiTimes)} ms of 5)`;
  console.log(`[ops-queue] ${figure}`);
  test.info().annotations.push({ type: 'figure', description: figure });
});
