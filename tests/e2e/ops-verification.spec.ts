import { type APIRequestContext, expect, type Locator, test } from '@playwright/test';
import sharp from 'sharp';
import { formatPhone } from '../../src/client/lib/format-phone';
import { expectAccessible } from './axe';
import { E2E_OPS_TOKEN, login, signupViaApi } from './helpers';
import { DEMO_OPERATOR, opsLogin } from './ops-helpers';

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not laid out');
  return found;
}

// Axe scans take ten seconds or more each on a busy machine: the cap only catches a wait that never ends.
test.describe.configure({ timeout: 300_000 });
// Each test opens the queue searched for its own student (?q=): other tests' pending cards (the keyboard spec's two
// dozen) may fill the queue's first page, and a new card comes last.

test('an operator approves a new student from the queue with the keyboard, and the student then joins a party', async ({ page, request }) => {
  const s = await signupViaApi(request, 'ov', { approved: false });
  const who = `${s.name}(@${s.username})`;

  await opsLogin(page, `/ops/verifications?q=${s.username}`);
  await expect(page.getByRole('heading', { level: 1, name: '학생증 확인' })).toBeVisible();
  const queue = page.getByRole('list', { name: /^확인 대기 \d+명$/ });
  const entry = queue.getByRole('button', { name: new RegExp(`@${s.username}`) });
  await entry.click();
  await expect(entry).toHaveAttribute('aria-current', 'true');

  const panel = page.getByRole('region', { name: new RegExp(`@${s.username}`) });
  const card = panel.getByRole('img', { name: `${who} 학생증 사진` });
  await expect(card).toBeVisible();
  // The card arrived with the operator's token and decoded: an image, not a broken icon.
  await expect.poll(() => card.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBeGreaterThan(0);
  const phone = panel.getByText(formatPhone(s.phone), { exact: true });
  await expect(phone).toBeVisible();
  await expect(panel.getByText(s.email, { exact: true })).toBeVisible();
  await expect(panel.getByText(s.school, { exact: true })).toBeVisible();
  // A phone stacks the card above the details.
  expect((await box(card)).y + (await box(card)).height).toBeLessThanOrEqual((await box(phone)).y);
  await page.screenshot({ path: test.info().outputPath('queue-phone.png'), fullPage: true });
  await expectAccessible(page, 'the verification queue with a student selected');

  // A rejection needs a reason, asked for beside the reasons.
  await panel.getByRole('button', { name: '반려...' }).click();
  await panel.getByRole('button', { name: '반려', exact: true }).click();
  await expect(panel.getByText('반려 사유를 골라 주세요.')).toBeVisible();
  await panel.getByRole('radio', { name: /기타/ }).check();
  const reason = panel.getByRole('textbox', { name: '기타 사유' });
  await expect(reason).toBeFocused();
  await expectAccessible(page, 'the verification queue with the reject reasons open');

  // A laptop puts the card beside the details.
  await page.setViewportSize({ width: 1280, height: 800 });
  const [cardBox, phoneBox] = [await box(card), await box(phone)];
  expect(cardBox.x + cardBox.width).toBeLessThanOrEqual(phoneBox.x);
  expect(phoneBox.y).toBeLessThan(cardBox.y + cardBox.height);
  await page.screenshot({ path: test.info().outputPath('queue-laptop.png') });
  await page.setViewportSize({ width: 393, height: 852 });

  // Typing in the reason is text, not a shortcut; from the student's button, A approves.
  await reason.pressSequentially('a');
  await expect(reason).toHaveValue('a');
  await expect(entry).toBeVisible();
  await entry.focus();
  await page.keyboard.press('a');
  await expect(entry).toHaveCount(0);
  // Sent once the 5 seconds to take it back have run out.
  await expect(page.getByRole('status').filter({ hasText: '학생을 승인했습니다.' })).toHaveText(`${who} 학생을 승인했습니다.`);
  // Recorded as this operator's decision, not the shared token's.
  const audit = await request.get(`/api/ops/audit/?action=verification.approve&target_type=user&target_id=${s.id}`, { headers: { 'X-Ops-Token': E2E_OPS_TOKEN } });
  expect(((await audit.json()) as { results: { actor: string }[] }).results.map((r) => r.actor)).toEqual([DEMO_OPERATOR.username]);

  // The student, approved, may now join.
  const created = await request.post('/api/ops/parties/', {
    headers: { 'X-Ops-Token': E2E_OPS_TOKEN },
    data: { title: `학생증 승인 파티 ${Date.now().toString(36)}`, place_id: 1, start_time: new Date(Date.now() + 48 * 3_600_000).toISOString(), max_participants: 4, deposit: 0 },
  });
  expect(created.status()).toBe(201);
  const { id: partyId } = (await created.json()) as { id: number };
  await login(page, s.username, s.password);
  await page.goto(`/partyinfo/${partyId}`);
  await page.getByRole('button', { name: '참가신청' }).tap();
  await expect(page).toHaveURL(/\/payment$/);
});

const OPS = { 'X-Ops-Token': E2E_OPS_TOKEN };
/** The students these tests made, and their access tokens (my page says where their card stands). */
const tokens = new Map<number, string>();
const studentAuth = (id: number) => ({ Authorization: `Bearer ${tokens.get(id)}` });
const statusOf = async (request: APIRequestContext, id: number) => {
  const res = await request.get('/api/mypage/main/', { headers: studentAuth(id) });
  return (await res.json()) as { verification_status: string; verification_reason: string | null };
};
async function student(request: APIRequestContext, prefix: string) {
  const s = await signupViaApi(request, prefix, { approved: false });
  const login = await request.post('/api/signup/auth/login/', { data: { username: s.username, password: s.password } });
  tokens.set(s.id, ((await login.json()) as { access: string }).access);
  return s;
}
const decisionsOf = async (request: APIRequestContext, id: number) => {
  const res = await request.get(`/api/ops/audit/?target_type=user&target_id=${id}`, { headers: OPS });
  return ((await res.json()) as { results: { action: string }[] }).results.map((r) => r.action).filter((a) => a.startsWith('verification.'));
};

test('an operator approves and takes it back, then rejects with a preset reason by keys alone, at a desk', async ({ page, request }) => {
  const s = await student(request, 'ou');
  await page.setViewportSize({ width: 1440, height: 900 });
  // The screen while an approval waits, scanned on a student of its own: a scan takes longer than the 5 seconds to
  // take it back on a busy machine (and axe needs the page's timers, so the clock cannot be held for it).
  const scanned = await student(request, 'ous');
  await opsLogin(page, `/ops/verifications?q=${scanned.username}`);
  await page.getByRole('list', { name: /^확인 대기 \d+명$/ }).getByRole('button', { name: new RegExp(`@${scanned.username}`) }).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('a');
  await expect(page.getByRole('status').filter({ hasText: `${scanned.name} 승인 · 되돌리기` })).toBeVisible();
  await expectAccessible(page, 'the verification queue with an approval to take back');

  await page.goto(`/ops/verifications?q=${s.username}`);
  const entry = page.getByRole('list', { name: /^확인 대기 \d+명$/ }).getByRole('button', { name: new RegExp(`@${s.username}`) });
  await entry.focus();
  await page.keyboard.press('Enter');
  await expect(entry).toHaveAttribute('aria-current', 'true');
  const panel = page.getByRole('region', { name: new RegExp(`@${s.username}`) });
  await expect(panel.getByRole('img', { name: /학생증 사진/ })).toBeVisible();

  await page.keyboard.press('a');
  await expect(entry).toHaveCount(0);
  const countdown = page.getByRole('status').filter({ hasText: `${s.name} 승인 · 되돌리기` });
  await expect(countdown).toBeVisible();
  await page.keyboard.press('u');
  await expect(entry).toHaveAttribute('aria-current', 'true');
  await expect(page.getByRole('status')).toHaveText(`${s.name}(@${s.username}) 학생의 승인을 되돌렸습니다.`);
  await expect(panel.getByRole('button', { name: '승인' })).toBeFocused();
  expect(await decisionsOf(request, s.id)).toEqual([]);
  expect((await statusOf(request, s.id)).verification_status).toBe('pending');

  await page.keyboard.press('r');
  const reasons = panel.getByRole('group', { name: '반려 사유 고르기' });
  await expect(reasons).toBeVisible();
  await page.keyboard.press('4');
  await expect(reasons.getByRole('radio', { name: /학생증 아님/ })).toBeChecked();
  await expectAccessible(page, 'the verification queue with a preset reason picked');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toHaveText(`${s.name}(@${s.username}) 학생을 반려했습니다.`);
  await expect(entry).toHaveCount(0);
  // The focus is on the next card (or the page's own controls), never dropped to <body>.
  await expect.poll(() => page.evaluate(() => document.activeElement !== document.body && document.activeElement !== null)).toBe(true);
  await expect.poll(async () => (await statusOf(request, s.id)).verification_reason).toBe('학생증 아님');
  expect(await decisionsOf(request, s.id)).toEqual(['verification.reject']);
});

test('an approval still waiting when the page closes reaches the server once', async ({ page, request }) => {
  const s = await student(request, 'oc');
  await page.setViewportSize({ width: 1440, height: 900 });
  await opsLogin(page, `/ops/verifications?q=${s.username}`);
  const entry = page.getByRole('list', { name: /^확인 대기 \d+명$/ }).getByRole('button', { name: new RegExp(`@${s.username}`) });
  await entry.focus();
  await page.keyboard.press('Enter');
  await expect(entry).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('a');
  // Two seconds into the window, as the countdown shows it: nothing sent yet.
  await expect(page.getByRole('status')).toHaveText(`${s.name} 승인 · 되돌리기 (3초)`);
  expect(await decisionsOf(request, s.id)).toEqual([]);
  await page.close({ runBeforeUnload: true });

  // The request outlives the page (keepalive); on a loaded machine it may take a while to be answered: the cap only
  // catches one that never arrives.
  await expect.poll(async () => (await statusOf(request, s.id)).verification_status, { timeout: 60_000 }).toBe('approved');
  expect(await decisionsOf(request, s.id)).toEqual(['verification.approve']);
});

test("a portrait phone photo fits the desk's screen whole, and zooms and turns by keys", async ({ page, request }) => {
  const s = await student(request, 'op');
  const portrait = await sharp({ create: { width: 1067, height: 1600, channels: 3, background: '#cfe3d4' } }).jpeg().toBuffer();
  const sent = await request.post('/api/mypage/student-card/', {
    headers: studentAuth(s.id),
    multipart: { student_card_image: { name: 'card.jpg', mimeType: 'image/jpeg', buffer: portrait } },
  });
  expect(sent.status()).toBe(200);
  await page.setViewportSize({ width: 1440, height: 900 });
  await opsLogin(page, `/ops/verifications?q=${s.username}`);
  const entry = page.getByRole('list', { name: /^확인 대기 \d+명$/ }).getByRole('button', { name: new RegExp(`@${s.username}`) });
  await entry.focus();
  await page.keyboard.press('Enter');
  const card = page.getByRole('region', { name: new RegExp(`@${s.username}`) }).getByRole('img', { name: /학생증 사진/ });
  await expect.poll(() => card.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalHeight : 0))).toBe(1600);
  await page.evaluate(() => window.scrollTo(0, 0));
  const fitted = await box(card);
  expect(fitted.y).toBeGreaterThanOrEqual(0);
  expect(fitted.y + fitted.height).toBeLessThanOrEqual(900);
  expect(fitted.x + fitted.width).toBeLessThanOrEqual(1440);
  await page.screenshot({ path: test.info().outputPath('portrait-desk.png') });

  const frame = card.locator('xpath=ancestor::div[@data-zoom]');
  await page.keyboard.press('+');
  await expect(frame).toHaveAttribute('data-zoom', '1.5');
  await page.keyboard.press(']');
  await expect(frame).toHaveAttribute('data-turn', '90');
  await expectAccessible(page, 'the card zoomed and turned');
  await page.keyboard.press('0');
  await expect(frame).toHaveAttribute('data-zoom', '1');
});
