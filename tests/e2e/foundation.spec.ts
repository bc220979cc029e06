import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { collectDialogs, login, newStudent, studentCardPng } from './helpers';

/** Every text field of the signup screen, and the mock phone verification. */
async function fillSignupForm(page: Page, s: ReturnType<typeof newStudent>) {
  await page.goto('/signup');
  await page.getByLabel('이름').fill(s.name);
  await page.getByLabel('아이디').fill(s.username);
  await page.getByLabel('비밀번호', { exact: true }).fill(s.password);
  await page.getByLabel('비밀번호 확인').fill(s.password);
  await page.getByLabel('이메일').fill(s.email);
  await page.getByLabel('전화번호').fill(s.phone);
  await page.getByRole('button', { name: '인증', exact: true }).click();
  await page.getByLabel('학교').fill(s.school);
}

test('a new student signs up with a student-card photo, logs in and sees their name on home', async ({ page }) => {
  const dialogs = await collectDialogs(page);
  const s = newStudent();
  await fillSignupForm(page, s);
  await page.getByLabel('학생증 사진').setInputFiles({ name: 'card.png', mimeType: 'image/png', buffer: await studentCardPng() });
  await expect(page.getByAltText('선택한 학생증 사진 미리보기')).toBeVisible();
  await page.getByLabel('개인정보 처리방침에 동의합니다.').check();
  await page.getByRole('button', { name: '가입하기' }).click();

  await expect(page).toHaveURL(/\/login$/);
  expect(dialogs).toContain('회원가입이 완료되었습니다. 로그인해 주세요.');

  await login(page, s.username, s.password);
  expect(dialogs).toContain('로그인 성공.');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${s.name}님을 위한 추천 파티`);
  await page.screenshot({ path: test.info().outputPath('home-logged-in.png') });
});

test('signup refuses a missing student card with the spec message, once, beside the picker', async ({ page }) => {
  const dialogs = await collectDialogs(page);
  const s = newStudent();
  await fillSignupForm(page, s);
  await page.getByLabel('개인정보 처리방침에 동의합니다.').check();
  await page.getByRole('button', { name: '가입하기' }).click();
  await expect(page.locator('.photo-pick .field__error')).toHaveText('학생증 사진을 업로드해 주세요.');
  await expect(page.getByText('학생증 사진을 업로드해 주세요.')).toHaveCount(1);
  await expect(page.getByLabel('학생증 사진')).toBeFocused();
  expect(dialogs).toEqual([]);
  await expect(page).toHaveURL(/\/signup$/);
});

test('a guest tapping the bell gets the login-required modal; closing it returns home', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('게스트님을 위한 추천 파티');
  await page.getByRole('button', { name: '알림' }).tap();
  await expect(page).toHaveURL(/\/notifications$/);
  const modal = page.getByRole('dialog');
  await expect(modal.getByText('로그인이 필요한 서비스입니다.')).toBeVisible();
  await expect(modal.getByText('신청을 계속하려면 로그인해주세요.')).toBeVisible();
  await expect(modal.getByRole('button', { name: '카카오로 1초 만에 시작하기' })).toBeVisible();
  await expect(modal.getByRole('button', { name: '로그인 / 회원가입' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('login-required-modal.png') });
  await modal.getByRole('button', { name: '닫기' }).tap();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a demo student logs in with the README password', async ({ page }) => {
  await login(page, 'student1', 'partyon1234');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('김하늘님을 위한 추천 파티');
});

test('finish screens opened by hand go home instead of congratulating anyone', async ({ page }) => {
  for (const path of ['/paymentfinish', '/mypage/extra/done']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
  }
});
