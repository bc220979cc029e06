import { expect, test } from '@playwright/test';
import { expectAccessible } from './axe';
import { opsLogin } from './ops-helpers';

// Issue 29 point 4: the 개인정보 처리방침 signup asks consent to is a page anyone reaches — from signup's consent
// item and from the login screen — and an operator publishes a new version from the console.

// Axe scans take ten seconds or more each on a busy machine: the cap only catches a wait that never ends.
test.describe.configure({ timeout: 300_000 });

test('a guest opens the 개인정보 처리방침 from signup and from login, and the page is accessible', async ({ page }) => {
  await page.goto('/signup');
  const read = page.getByRole('link', { name: '개인정보 처리방침 보기' });
  await expect(read).toBeVisible();
  await read.click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { level: 1, name: '개인정보 처리방침' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '3. 보관 기간' })).toBeVisible();
  await expect(page.getByText(/학생증 사진은 운영자가 승인 또는 반려를 결정한 날로부터 \d+일이 지나면 자동으로 삭제합니다/)).toBeVisible();
  await expect(page.getByText(/^버전 \d+ · 시행일 \d{4}-\d{2}-\d{2}$/)).toBeVisible();
  await expectAccessible(page, '/privacy');

  await page.goto('/login');
  await page.getByRole('link', { name: '개인정보 처리방침' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { level: 1, name: '개인정보 처리방침' })).toBeVisible();
});

test('an operator publishes a new version in the console, and the page and signup show it', async ({ page, browser }) => {
  await opsLogin(page, '/ops/privacy');
  await expect(page.getByRole('heading', { level: 1, name: '개인정보 처리방침' })).toBeVisible();
  const current = page.getByText(/^지금 시행 중: 버전 \d+/);
  await expect(current).toBeVisible();
  const before = Number(/버전 (\d+)/.exec((await current.textContent()) ?? '')?.[1]);
  await expectAccessible(page, '/ops/privacy editor');

  const marker = `e2e 개정 ${Date.now().toString(36)}`;
  const body = page.getByLabel('내용 (Markdown)');
  await body.fill(`# 파티온 개인정보 처리방침\n\n## 바뀐 점\n\n- ${marker}\n`);
  await expect(page.getByRole('region', { name: '미리 보기' }).getByText(marker)).toBeVisible();
  await page.getByRole('button', { name: '게시' }).click();
  await expect(page.getByRole('status').filter({ hasText: `버전 ${before + 1}을 게시했습니다.` })).toBeVisible();
  await expect(page.getByText(`지금 시행 중: 버전 ${before + 1}`, { exact: false })).toBeVisible();
  await expectAccessible(page, '/ops/privacy after publishing');

  // A guest's browser: the page shows the new text, and signup's consent names its version.
  const guest = await browser.newPage();
  try {
    await guest.goto('/privacy');
    await expect(guest.getByText(marker)).toBeVisible();
    await expect(guest.getByText(new RegExp(`^버전 ${before + 1} · 시행일`))).toBeVisible();
    await guest.goto('/signup');
    await expect(guest.getByText(`버전 ${before + 1}`, { exact: true })).toBeVisible();
  } finally {
    await guest.close();
  }
});
