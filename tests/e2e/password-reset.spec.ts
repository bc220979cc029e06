import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './axe';
import { collectDialogs, login, signupViaApi } from './helpers';
import { saidOnceBeside } from './said-once';
import { opsLogin } from './ops-helpers';
import { MIN_TAP, tapTargetsOffenders } from './tap-probe';

// Issue 29 §2: a student who forgot the password. The e2e server has no SMTP_URL, so 비밀번호 찾기 says to ask an
// operator, who issues a one-time link in the console (the email flow is held by the server tests' local SMTP server).

// Several axe scans a test (ten seconds or more each on a busy machine): the cap only catches a wait that never ends.
test.describe.configure({ timeout: 300_000 });

async function expectFingerSized(page: Page, screen: string) {
  const offenders = await tapTargetsOffenders(page);
  expect.soft(offenders, `${screen}: tap targets smaller than ${MIN_TAP}×${MIN_TAP}:\n  ${offenders.join('\n  ')}`).toEqual([]);
}

test('an operator issues a link in the console; the student sets a new password with it; the old password fails, the new one works', async ({ page, context, request }) => {
  const s = await signupViaApi(request, 'pr');
  const newPassword = 'reset-in-browser1';

  // The operator finds the student (the 포인트 section's search) and issues the link on the student's page.
  await opsLogin(page, `/ops/users?q=${s.username}`);
  await page.getByRole('link', { name: new RegExp(`@${s.username}`) }).click();
  const panel = page.locator('section').filter({ has: page.getByRole('heading', { name: '비밀번호 재설정' }) });
  await expect(panel).toBeVisible();
  await expectAccessible(page, '/ops/users/{id} with 비밀번호 재설정');
  await panel.getByRole('button', { name: '재설정 링크 만들기' }).click();
  const field = panel.getByLabel('재설정 링크');
  await expect(field).toHaveValue(/\/password-reset\?token=[\w-]{43}$/);
  const link = await field.inputValue();
  await expectAccessible(page, '/ops/users/{id} with a reset link shown');

  // The student opens it on the phone.
  const phone = await context.newPage();
  // The app's alerts on the phone are answered as they open; `told` keeps what the student was told.
  const told = await collectDialogs(phone);
  await phone.goto(link);
  await expect(phone.getByRole('heading', { name: '새 비밀번호 설정' })).toBeVisible();
  await expectAccessible(phone, '/password-reset');
  await expectFingerSized(phone, '/password-reset');
  const password = phone.getByLabel('새 비밀번호', { exact: true });
  await password.fill('short');
  await phone.getByRole('button', { name: '비밀번호 바꾸기' }).click();
  // Issue 30: said once, beside the field, with focus on it — not on the form's line too, and no dialog.
  await saidOnceBeside(phone, password, '비밀번호는 8자 이상 입력해 주세요.');
  expect(told).toEqual([]);
  await expectAccessible(phone, '/password-reset with a short password');
  await password.fill(newPassword);
  await phone.getByLabel('새 비밀번호 확인').fill(newPassword);
  await phone.getByRole('button', { name: '비밀번호 바꾸기' }).click();
  await expect(phone).toHaveURL(/\/login$/);
  expect(told).toContain('비밀번호를 바꿨습니다. 새 비밀번호로 로그인해 주세요.');

  // The old password no longer signs in; the new one does.
  await phone.getByLabel('아이디').fill(s.username);
  await phone.getByLabel('비밀번호', { exact: true }).fill(s.password);
  await phone.getByRole('button', { name: '로그인', exact: true }).click();
  await expect(phone.getByRole('alert')).toHaveText('아이디 또는 비밀번호가 일치하지 않습니다.'); // on the form only, no alert
  await login(phone, s.username, newPassword);

  // The link worked once: opened again, it is dead and the page offers a new one.
  await phone.goto(link);
  await phone.getByLabel('새 비밀번호', { exact: true }).fill('another-pass12');
  await phone.getByLabel('새 비밀번호 확인').fill('another-pass12');
  await phone.getByRole('button', { name: '비밀번호 바꾸기' }).click();
  await expect(phone.getByText('비밀번호 재설정 링크가 만료되었거나 이미 사용되었습니다. 새 링크를 받아 주세요.')).toBeVisible();
  await expectAccessible(phone, '/password-reset with a spent link');
});

test('비밀번호 찾기 from the login screen says to ask an operator when the server sends no email', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: '비밀번호 찾기' }).click();
  await expect(page).toHaveURL(/\/password-forgot$/);
  await expect(page.getByText('이메일로 비밀번호를 찾을 수 없습니다. 운영자에게 문의해 주세요.')).toBeVisible();
  await expectAccessible(page, '/password-forgot (no SMTP)');
  await expectFingerSized(page, '/password-forgot');
  await page.getByRole('link', { name: '로그인으로 돌아가기' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
