import { expect, type Locator, test } from '@playwright/test';
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

test('an operator approves a new student from the queue with the keyboard, and the student then joins a party', async ({ page, request }) => {
  const s = await signupViaApi(request, 'ov', { approved: false });
  const who = `${s.name}(@${s.username})`;

  await opsLogin(page, '/ops/verifications');
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

  // A rejection needs a reason, asked for beside the field.
  await panel.getByRole('button', { name: '반려', exact: true }).click();
  const reason = panel.getByRole('textbox', { name: '반려 사유' });
  await expect(reason).toHaveAttribute('aria-invalid', 'true');
  await expect(panel.getByText('반려 사유를 입력해 주세요.')).toBeVisible();
  await expect(reason).toBeFocused();
  await expectAccessible(page, 'the verification queue with the reject reason error');

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
  await expect(page.getByRole('status').filter({ hasText: '학생을 승인했습니다.' })).toHaveText(`${who} 학생을 승인했습니다.`);
  await expect(entry).toHaveCount(0);
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
