import { randomBytes } from 'node:crypto';
import { expect } from '@playwright/test';
import { expectAccessible } from './axe';
import { opsLogin } from './ops-helpers';
import { test } from './phones';

// Issue 33 §5: an admin (the demo seed's ops_demo) manages the operators in the console. The demo operator is
// shared by every console test at once: this test makes its own operator and never touches ops_demo's account.
test.use({ viewport: { width: 1440, height: 900 } });

test('an admin adds an operator, who signs in; the admin disables them and their session ends at once', async ({ page, newPhone }) => {
  const username = `e2e_op_${randomBytes(3).toString('hex')}`;
  await opsLogin(page);
  await page.getByRole('navigation', { name: '운영 메뉴' }).getByRole('link', { name: '운영자' }).click();
  await expect(page.getByRole('heading', { name: '운영자', level: 1 })).toBeVisible();
  await expect(page.getByRole('row', { name: /ops_demo/ })).toContainText('관리자');
  await page.getByLabel('아이디').fill(username);
  await page.getByLabel('처음 비밀번호').fill('first-pass1');
  await page.getByRole('button', { name: '추가', exact: true }).click();
  await expect(page.getByRole('status')).toHaveText(`‘${username}’ 운영자를 추가했습니다.`);
  await expect(page.getByRole('row', { name: new RegExp(username) })).toContainText('사용 중');
  await expectAccessible(page, '운영자');

  // The new operator, in a browser of their own: signed in, no 운영자 entry (not an admin).
  const other = await newPhone(undefined, { viewport: { width: 1440, height: 900 } });
  await other.goto('/ops');
  await other.getByLabel('아이디').fill(username);
  await other.getByLabel('비밀번호').fill('first-pass1');
  await other.getByRole('button', { name: '로그인', exact: true }).click();
  const nav = other.getByRole('navigation', { name: '운영 메뉴' });
  await expect(nav.getByRole('link', { name: '감사 로그' })).toBeVisible();
  await expect(nav.getByRole('link', { name: '운영자' })).toHaveCount(0);

  await page.getByRole('button', { name: `${username} 사용 중지` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '사용 중지' }).click();
  await expect(page.getByRole('status')).toHaveText(`‘${username}’ 운영자를 사용 중지했습니다. 로그인이 모두 끝났습니다.`);
  await expect(page.getByRole('row', { name: new RegExp(username) })).toContainText('사용 중지 (');

  // Their next request is refused: the console forgets the session and asks to sign in.
  await nav.getByRole('link', { name: '장소' }).click();
  await expect(other.getByRole('heading', { name: '운영자 로그인' })).toBeVisible();
});
