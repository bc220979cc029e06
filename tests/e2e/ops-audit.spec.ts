import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectAccessible } from './axe';
import { E2E_OPS_TOKEN, signupViaApi } from './helpers';
import { opsLogin } from './ops-helpers';

// Issue 33 §4: the audit log at an operator's desk — filtered through the URL, its target a link to the student's
// page, its change in words, and the filtered rows downloaded as a CSV file a spreadsheet opens.
test.use({ viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false });

// Two axe scans and a download (ten seconds or more each on a busy machine): the cap only catches a wait that never ends.
test.describe.configure({ timeout: 240_000 });

test('an operator filters the audit log to one student, reads the change in words, opens the student, and downloads the rows as CSV', async ({ page, request }) => {
  const s = await signupViaApi(request, 'audit');
  const reason = `감사 로그 e2e ${s.username}`;
  const grant = await request.post(`/api/ops/users/${s.id}/points/`, { headers: { 'X-Ops-Token': E2E_OPS_TOKEN }, data: { amount: 300, reason } });
  expect(grant.status()).toBe(200);

  await opsLogin(page, '/ops/audit');
  await page.getByLabel('작업', { exact: true }).selectOption({ label: '포인트 지급·회수' });
  await page.getByLabel('대상', { exact: true }).selectOption({ label: '학생' });
  await page.getByLabel('대상 번호').fill(String(s.id));
  await page.getByRole('button', { name: '적용' }).click();
  await expect(page).toHaveURL(new RegExp(`/ops/audit\\?action=points\\.grant&target_type=user&target_id=${s.id}$`));

  const row = page.getByRole('row').filter({ hasText: reason });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(/포인트: [\d,]+P → [\d,]+P/);
  await expect(row).toContainText(`사유: ${reason}`);
  await expect(row).toContainText(/\d{4}\. \d{1,2}\. \d{1,2}\. 오[전후] \d{1,2}:\d{2}/);
  // The recorded values stay folded away behind 자세히.
  await expect(row.locator('pre').first()).toBeHidden();
  await expectAccessible(page, '/ops/audit filtered');
  await page.screenshot({ path: test.info().outputPath('audit-1440.png'), fullPage: true });

  // The download is the same filtered rows, fetched with the operator's session.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CSV 다운로드' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^partyon-audit-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = readFileSync(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.toString('utf8').slice(1).trimEnd().split('\r\n');
  expect(lines[0]).toBe('시각 (서울),처리자,작업,작업 코드,대상 종류,대상 번호,대상,변경 내용,변경 전 (JSON),변경 후 (JSON)');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`token,포인트 지급·회수,points.grant,학생,${s.id},${s.name} (@${s.username})`);
  await expect(page.getByRole('status').filter({ hasText: '파일을 내려받았습니다' })).toBeVisible();

  // The student's name is a link to their page.
  await row.getByRole('link', { name: `${s.name} (@${s.username})` }).click();
  await expect(page).toHaveURL(new RegExp(`/ops/users/${s.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(s.name);
  await expectAccessible(page, "a student's page from the audit log");
});
