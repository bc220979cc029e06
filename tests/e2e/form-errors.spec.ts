import { expect, test } from '@playwright/test';
import { expectAccessible } from './axe';
import { collectDialogs, E2E_OPS_TOKEN, login, signupViaApi, studentCardPng } from './helpers';
import { saidOnceBeside, shownOnce } from './said-once';

// Issue 17 §1: errors beside their field, focus on the first wrong one, and a photo refused by its bytes. Issue 30
// §9: each error said once, beside its field — no dialog repeating it; the form's own line names a blank group (spec
// §5's words) or says what belongs to no field. The same on every form a student fills in: login, profile edit, review.

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

test('login: blank fields beside themselves and the pair once on the form; a wrong password once on the form, focused, no dialog', async ({ page, request }) => {
  const s = await signupViaApi(request, 'fel');
  const dialogs = await collectDialogs(page);
  await page.goto('/login');
  const submit = page.getByRole('button', { name: '로그인', exact: true });
  await submit.tap();
  await expect(page.getByLabel('아이디')).toBeFocused();
  await expect(page.getByText('필수 항목입니다.', { exact: true })).toHaveCount(2);
  await expect(page.getByRole('alert')).toHaveText('아이디와 비밀번호를 입력해 주세요.');
  await shownOnce(page, '아이디와 비밀번호를 입력해 주세요.');

  await page.getByLabel('아이디').fill(s.username);
  await page.getByLabel('비밀번호', { exact: true }).fill('not-the-password');
  await submit.tap();
  // Which of the two is wrong is not said, so it belongs to neither field: the form's line, read as focus lands on it.
  const message = page.getByRole('alert');
  await expect(message).toHaveText('아이디 또는 비밀번호가 일치하지 않습니다.');
  await expect(message).toBeFocused();
  await shownOnce(page, '아이디 또는 비밀번호가 일치하지 않습니다.');
  await expect(page.getByText('필수 항목입니다.', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expectAccessible(page, '/login with a refused password');
  expect(dialogs).toEqual([]);
});

test('profile edit: a short password said once, beside it, focused, no dialog', async ({ page, request }) => {
  const s = await signupViaApi(request, 'fep');
  const dialogs = await collectDialogs(page);
  await login(page, s.username, s.password);
  await page.goto('/mypage/edit');
  const password = page.getByLabel('새 비밀번호', { exact: true });
  await password.fill('short');
  await page.getByRole('button', { name: '저장' }).tap();

  await saidOnceBeside(page, password, '비밀번호는 8자 이상 입력해 주세요.');
  await expectAccessible(page, '/mypage/edit with a short password');
  expect(dialogs).toEqual(['로그인 성공.']);
});

test('review without stars: beside each row left empty, the three named once on the form, focus on the first empty row, no dialog', async ({ page, request }) => {
  const s = await signupViaApi(request, 'fer');
  const auth = await request.post('/api/signup/auth/login/', { data: { username: s.username, password: s.password } });
  const headers = { Authorization: `Bearer ${((await auth.json()) as { access: string }).access}` };
  // A party of its own that starts in a few seconds, joined and paid at once: then it is in the history to review.
  const title = `리뷰 오류 파티 ${Date.now().toString(36)}`;
  const created = await request.post('/api/ops/parties/', {
    headers: { 'X-Ops-Token': E2E_OPS_TOKEN },
    data: { title, place_id: 1, start_time: new Date(Date.now() + 8_000).toISOString(), max_participants: 4, deposit: 1000, tags: ['테스트'] },
  });
  expect(created.status()).toBe(201);
  const join = await request.post(`/api/reserve/join/${((await created.json()) as { id: number }).id}/`, { headers });
  expect(join.status()).toBe(201);
  const pay = await request.post(`/api/reserve/pay/${((await join.json()) as { id: number }).id}/`, { headers, data: { payment_method: 'POINT' } });
  expect(pay.status()).toBe(200);

  const dialogs = await collectDialogs(page);
  await login(page, s.username, s.password);
  await page.goto('/mypage/history');
  const card = page.getByRole('listitem').filter({ hasText: `#${title}` });
  await expect(async () => {
    await page.reload();
    await expect(card.getByRole('button', { name: '리뷰 남기기' })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000, intervals: [2_000] });
  await card.getByRole('button', { name: '리뷰 남기기' }).tap();
  const modal = page.getByRole('dialog', { name: '파티 리뷰 남기기' });
  await modal.getByRole('button', { name: '파티 재미 5점' }).tap();
  await modal.getByRole('button', { name: '제출하기' }).tap();

  await expect(modal.getByRole('button', { name: '함께한 참여자 1점' })).toBeFocused();
  await expect(modal.getByRole('group', { name: '함께한 참여자' })).toHaveAttribute('aria-invalid', 'true');
  await expect(modal.getByRole('group', { name: '파티 재미' })).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('별점을 선택해 주세요.', { exact: true })).toHaveCount(2); // 함께한 참여자 and 장소
  await expect(modal.getByRole('alert')).toHaveText('별점을 모두 선택해 주세요.');
  await shownOnce(page, '별점을 모두 선택해 주세요.');
  await expectAccessible(page, 'the review modal without stars');
  expect(dialogs).toEqual(['로그인 성공.']);
});
