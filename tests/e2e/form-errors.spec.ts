import { expect, test } from '@playwright/test';
import { expectAccessible } from './axe';
import { collectDialogs, studentCardPng } from './helpers';

// Issue 17 §1: errors beside their field, focus on the first wrong one, and a photo refused by its bytes. Issue 30
// §9: each error said once, beside its field — no dialog repeating it; the form's own line names a blank group (spec
// §5's words) or says what belongs to no field.

test('signup sent empty: focus on the first field, each error once beside its field, cleared as the field is put right', async ({ page }) => {
  const dialogs = await collectDialogs(page);
  await page.goto('/signup');
  await page.getByRole('button', { name: '가입하기' }).tap();

  const name = page.getByLabel('이름');
  await expect(name).toBeFocused();
  // Once: beside each blank field (이름, 아이디, 비밀번호, 비밀번호 확인, 이메일, 전화번호, 학교), nowhere else.
  await expect(page.getByText('필수 항목입니다.')).toHaveCount(7);
  await expect(page.getByText('학생증 사진을 업로드해 주세요.')).toHaveCount(1);
  await expect(page.getByText('개인정보 처리방침에 동의해 주세요.')).toHaveCount(1);
  // The form's own line names the blank group once, in spec §5's words; no dialog repeats anything.
  await expect(page.getByRole('alert')).toHaveText('기본정보를 모두 입력해 주세요.');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  expect(dialogs).toEqual([]);
  for (const label of ['이름', '아이디', '비밀번호 확인', '이메일', '전화번호', '학교']) {
    await expect(page.getByLabel(label, { exact: true })).toHaveAttribute('aria-invalid', 'true');
  }
  // Beside the field: right under it (after the password's help text), and read as its description.
  await expect(name).toHaveAccessibleDescription('필수 항목입니다.');
  const nameBox = await name.boundingBox();
  const errorBox = await page.locator('.field', { has: name }).locator('.field__error').boundingBox();
  expect(errorBox!.y).toBeGreaterThanOrEqual(nameBox!.y + nameBox!.height);
  expect(errorBox!.y - (nameBox!.y + nameBox!.height)).toBeLessThan(24);
  const consent = page.getByLabel('개인정보 처리방침에 동의합니다.');
  // The box is described by the policy it agrees to (its link and version), then by the error.
  await expect(consent).toHaveAccessibleDescription(/^개인정보 처리방침 보기 버전 \d+ 개인정보 처리방침에 동의해 주세요\.$/);
  await page.screenshot({ path: test.info().outputPath('signup-errors.png'), fullPage: true });
  await expectAccessible(page, '/signup with errors showing');

  await name.fill('김민지');
  await expect(name).not.toHaveAttribute('aria-invalid', 'true');
  await consent.check();
  await expect(consent).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: '가입하기' }).tap();
  await expect(page.getByLabel('아이디')).toBeFocused();
  // 인증 without a number: said beside the phone, once.
  await page.getByRole('button', { name: '인증', exact: true }).tap();
  await expect(page.getByLabel('전화번호')).toHaveAccessibleDescription('전화번호를 입력해 주세요.');
  await expect(page.getByText('전화번호를 입력해 주세요.')).toHaveCount(1);
  expect(dialogs).toEqual([]);
});

test('the student-card picker refuses a PDF renamed .png by its bytes, and shows a real photo with its name', async ({ page }) => {
  const dialogs = await collectDialogs(page);
  await page.goto('/signup');
  const picker = page.getByLabel('학생증 사진');
  await picker.setInputFiles({ name: 'card.png', mimeType: 'image/png', buffer: Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF') });
  await expect(picker).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('.photo-pick .field__error')).toHaveText('JPEG, PNG, WebP 형식의 사진만 올릴 수 있습니다.');
  // Beside the box only.
  await expect(page.getByText('JPEG, PNG, WebP 형식의 사진만 올릴 수 있습니다.')).toHaveCount(1);
  expect(dialogs).toEqual([]);
  await expect(page.getByAltText('선택한 학생증 사진 미리보기')).toHaveCount(0);
  await expect(page.getByText('선택한 사진이 없습니다.')).toBeVisible();

  await picker.setInputFiles({ name: 'my-card.png', mimeType: 'image/png', buffer: await studentCardPng() });
  const thumb = page.getByAltText('선택한 학생증 사진 미리보기');
  await expect(thumb).toBeVisible();
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByText('my-card.png')).toBeVisible();
  await expect(picker).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('.photo-pick .field__error')).toHaveCount(0);
});
