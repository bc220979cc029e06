import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { signupViaApi } from './helpers';

// Issue 17: the app never calls window.alert, confirm or prompt. Where the spec says "alert" the student sees our
// alert dialog instead (same Korean text, one 확인 button, focus on it). Every native call is recorded, across
// full page loads too (sessionStorage), and none may happen on the way.
const NATIVE_CALLS = 'e2e-native-dialog-calls';

async function recordNativeDialogs(page: Page) {
  await page.addInitScript((key) => {
    for (const name of ['alert', 'confirm', 'prompt'] as const) {
      window[name] = ((message?: unknown) => {
        const calls = JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[];
        sessionStorage.setItem(key, JSON.stringify([...calls, `${name}: ${String(message)}`]));
        return name === 'confirm' ? false : null;
      }) as never;
    }
  }, NATIVE_CALLS);
}

const nativeCalls = (page: Page) => page.evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[], NATIVE_CALLS);

/** Our alert with `text` is open and focused on 확인; tapping it closes it. */
async function tapThroughAlert(page: Page, text: string, { axe = '' } = {}) {
  const alert = page.getByRole('alertdialog', { name: text });
  await expect(alert).toBeVisible();
  await expect(alert.getByRole('button', { name: '확인' })).toBeFocused();
  if (axe) await expectAccessible(page, axe);
  await alert.getByRole('button', { name: '확인' }).tap();
  await expect(alert).toHaveCount(0);
}

test.describe.configure({ timeout: 180_000 });

test('home, a party, the map, my page, login and payment never use a native dialog; alerts are ours', async ({ page, request }) => {
  const s = await signupViaApi(request, 'nodlg');
  await recordNativeDialogs(page);

  await page.goto('/');
  await page.getByText('#새내기 환영 보드게임 파티').tap();
  await expect(page).toHaveURL(/\/partyinfo\/\d+$/);
  await page.getByRole('button', { name: '참가신청' }).tap();
  await expect(page.getByRole('dialog').getByText('로그인이 필요한 서비스입니다.')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: '닫기' }).tap();

  await page.goto('/map');
  await expect(page.getByRole('region', { name: '파티 목록' }).getByRole('listitem').first()).toBeVisible();
  await page.goto('/mypage');
  await expect(page.getByRole('dialog').getByText('로그인이 필요한 서비스입니다.')).toBeVisible();

  // A form's message is said once, on the form (issue 30 §9), never in a dialog; focus on the first wrong field.
  await page.goto('/login');
  await page.getByLabel('아이디').fill(s.username);
  const submit = page.getByRole('button', { name: '로그인', exact: true });
  await submit.tap();
  await expect(page.getByRole('alert')).toHaveText('아이디와 비밀번호를 입력해 주세요.');
  await expect(page.getByLabel('비밀번호', { exact: true })).toBeFocused();

  // Login failure: on the form as well, focused.
  await page.getByLabel('비밀번호', { exact: true }).fill('not-the-password');
  await submit.tap();
  await expect(page.getByRole('alert')).toHaveText('아이디 또는 비밀번호가 일치하지 않습니다.');
  await expect(page.getByRole('alert')).toBeFocused();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);

  // Login success: the alert first, home only after 확인 (spec order).
  await page.getByLabel('비밀번호', { exact: true }).fill(s.password);
  await submit.tap();
  await expect(page.getByRole('alertdialog', { name: '로그인 성공.' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await tapThroughAlert(page, '로그인 성공.', { axe: 'the app alert (/login)' });
  await expect(page).toHaveURL(/\/$/);

  // /payment without a reservation: alert, then back.
  await page.goto('/payment');
  await tapThroughAlert(page, '예약 정보가 없습니다. 다시 시도해주세요.');
  await expect(page).not.toHaveURL(/\/payment$/);

  await page.goto('/mypage');
  await expect(page.getByRole('button', { name: '회원 탈퇴' })).toBeVisible();

  expect(await nativeCalls(page)).toEqual([]);
});
