import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { type APIRequestContext, expect } from '@playwright/test';
import sharp from 'sharp';
import { collectDialogs, E2E_OPS_TOKEN, login, signupViaApi } from './helpers';
import { test } from './phones';

const run = promisify(execFile);

async function apiToken(request: APIRequestContext, username: string, password: string): Promise<string> {
  const res = await request.post('/api/signup/auth/login/', { data: { username, password } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { access: string }).access;
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Join and pay through the API, as the join and payment screens (tested elsewhere) would. */
async function joinAndPay(request: APIRequestContext, token: string, partyId: number) {
  const join = await request.post(`/api/reserve/join/${partyId}/`, { headers: bearer(token) });
  expect(join.status()).toBeLessThan(300);
  const { id } = (await join.json()) as { id: number };
  const pay = await request.post(`/api/reserve/pay/${id}/`, { headers: bearer(token), data: { payment_method: 'POINT' } });
  expect(pay.status()).toBe(200);
}

/** The operator CLI against this test server (README "Operate it"). */
async function ops(baseURL: string, ...args: string[]): Promise<unknown> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'src/server/ops/cli.ts', ...args], {
    env: { ...process.env, OPS_URL: baseURL, OPS_TOKEN: E2E_OPS_TOKEN },
  });
  return JSON.parse(stdout);
}

test('a student edits the profile with a new photo and intro and sees them on /mypage, whose help sheet closes from its backdrop', async ({ page, request }) => {
  const dialogs = await collectDialogs(page);
  const s = await signupViaApi(request, 'mp');
  await login(page, s.username, s.password);
  await page.goto('/mypage');
  await expect(page.getByRole('heading', { name: s.name })).toBeVisible();
  await page.getByRole('link', { name: '프로필 수정' }).tap();
  await expect(page).toHaveURL(/\/mypage\/edit$/);

  const photo = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#ff9a6b' } }).png().toBuffer();
  await page.getByLabel('프로필 사진').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: photo });
  await expect(page.getByRole('img', { name: '프로필 사진 미리보기' })).toBeVisible();
  await page.getByLabel('한 줄 소개').fill('보드게임과 산책을 좋아해요 <b>');
  await page.screenshot({ path: test.info().outputPath('profile-edit.png') });
  await page.getByRole('button', { name: '저장' }).tap();

  await expect(page).toHaveURL(/\/mypage$/);
  expect(dialogs).toContain('저장 완료!');
  await expect(page.getByText('보드게임과 산책을 좋아해요 <b>')).toBeVisible();
  const src = await page.getByRole('img', { name: '프로필 사진' }).getAttribute('src');
  expect(src).toMatch(/^\/media\/avatars\//);
  await expect(page.getByText('10,000P')).toBeVisible();
  await page.getByRole('button', { name: '포인트 안내' }).tap();
  await expect(page.getByRole('tooltip')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('mypage.png') });

  // The help sheet (a native modal dialog): a tap inside keeps it open, a tap on the dimmed page above closes it.
  await page.getByRole('button', { name: '도움말' }).tap();
  const sheet = page.getByRole('dialog', { name: '도움말' });
  await expect(sheet).toBeVisible();
  const box = (await sheet.boundingBox())!;
  expect(box.y).toBeGreaterThan(40);
  await page.touchscreen.tap(box.x + box.width / 2, box.y + 12);
  await expect(sheet).toBeVisible();
  await page.touchscreen.tap(box.x + box.width / 2, box.y / 2);
  await expect(sheet).toHaveCount(0);
});

test('a student withdraws: wrong password refused, then the account is closed and cannot log in', async ({ page, request }) => {
  const dialogs = await collectDialogs(page);
  const s = await signupViaApi(request, 'wd');
  await login(page, s.username, s.password);
  await page.goto('/mypage');
  await page.getByRole('button', { name: '회원 탈퇴' }).tap();
  const dialog = page.getByRole('alertdialog', { name: '정말 탈퇴하시겠어요?' });
  await dialog.getByLabel('비밀번호').fill('not-my-password');
  await dialog.getByRole('button', { name: '탈퇴하기' }).tap();
  await expect(dialog.getByRole('alert')).toHaveText('비밀번호가 일치하지 않습니다.');
  await page.screenshot({ path: test.info().outputPath('withdraw.png') });
  await dialog.getByLabel('비밀번호').fill(s.password);
  await dialog.getByRole('button', { name: '탈퇴하기' }).tap();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => dialogs).toContain('회원 탈퇴가 완료되었습니다.');
  expect(await page.evaluate(() => [localStorage.getItem('access'), localStorage.getItem('refresh'), localStorage.getItem('user')])).toEqual([null, null, null]);
  const again = await request.post('/api/signup/auth/login/', { data: { username: s.username, password: s.password } });
  expect(again.status()).toBe(400);
});

test('a student runs the extra-info wizard to the done screen and sees the four tags', async ({ page, request }) => {
  const s = await signupViaApi(request, 'mp');
  await login(page, s.username, s.password);
  await page.goto('/mypage');
  await page.getByRole('link', { name: /추가 정보를 입력하고/ }).tap();
  await expect(page).toHaveURL(/\/mypage\/extra$/);
  await expect(page.getByRole('heading', { name: '학년을 선택해 주세요' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('extra-step1.png') });

  await page.getByRole('button', { name: '3학년' }).tap();
  await expect(page.getByRole('heading', { name: '단과대학을 선택해 주세요' })).toBeVisible();
  await page.getByRole('button', { name: '공과대학' }).tap();
  await page.getByRole('button', { name: '활발한' }).tap();
  await expect(page.getByRole('heading', { name: 'MBTI를 선택해 주세요' })).toBeVisible();
  for (const letter of ['E', 'N', 'F']) await page.getByRole('button', { name: new RegExp(`^${letter}`) }).tap();
  await page.screenshot({ path: test.info().outputPath('extra-mbti.png') });
  await page.getByRole('button', { name: /^P/ }).tap();

  await expect(page).toHaveURL(/\/mypage\/extra\/done$/);
  await expect(page.getByText('프로필 세팅 완료!')).toBeVisible();
  await page.getByRole('button', { name: '확인' }).tap();
  await expect(page).toHaveURL(/\/mypage$/);
  const tags = page.getByRole('list', { name: '내 태그' }).getByRole('listitem');
  await expect(tags).toHaveText(['#3학년', '#공과대학', '#활발한', '#ENFP']);
  await page.screenshot({ path: test.info().outputPath('mypage-tags.png') });
});

test('review a started party from history, report a participant, an operator warns, the warning shows', async ({ newPhone, request, baseURL }) => {
  test.setTimeout(600_000);
  const [a, b] = [await signupViaApi(request, 'rva'), await signupViaApi(request, 'rvb')];
  const [tokenA, tokenB] = [await apiToken(request, a.username, a.password), await apiToken(request, b.username, b.password)];

  // A party of our own (not the demo one) so this test's warnings belong to students nobody else touches.
  const title = `리뷰 테스트 파티 ${Date.now().toString(36)}`;
  const created = await request.post('/api/ops/parties/', {
    headers: { 'X-Ops-Token': E2E_OPS_TOKEN },
    data: { title, place_id: 1, start_time: new Date(Date.now() + 60_000).toISOString(), max_participants: 4, deposit: 1000, tags: ['테스트'] },
  });
  expect(created.status()).toBe(201);
  const { id: partyId } = (await created.json()) as { id: number };
  await joinAndPay(request, tokenA, partyId);
  await joinAndPay(request, tokenB, partyId);

  // Reviews open once the party has started: wait for it to reach A's history.
  await expect
    .poll(
      async () => {
        const res = await request.get('/api/mypage/history/', { headers: bearer(tokenA) });
        return ((await res.json()) as Array<{ id: number }>).some((p) => p.id === partyId);
      },
      { timeout: 120_000, intervals: [2_000] },
    )
    .toBe(true);

  const pageA = await newPhone(a);
  const dialogs = await collectDialogs(pageA);
  await pageA.goto('/mypage');
  await pageA.getByRole('link', { name: /참여 횟수 1회/ }).tap();
  await expect(pageA).toHaveURL(/\/mypage\/history$/);
  const card = pageA.getByRole('listitem').filter({ hasText: `#${title}` });
  await card.getByRole('button', { name: '리뷰 남기기' }).tap();
  const modal = pageA.getByRole('dialog', { name: '파티 리뷰 남기기' });
  await modal.getByRole('button', { name: '파티 재미 5점' }).tap();
  await modal.getByRole('button', { name: '함께한 참여자 4점' }).tap();
  await modal.getByRole('button', { name: '장소 4점' }).tap();
  await modal.getByLabel('자유 후기').fill('처음 만난 사람들과도 금방 친해졌어요!');
  await pageA.screenshot({ path: test.info().outputPath('review-modal.png') });
  await modal.getByRole('button', { name: '제출하기' }).tap();
  await expect(modal).toHaveCount(0);
  expect(dialogs).toContain('리뷰가 제출되었습니다!');
  await expect(card.getByRole('button', { name: '리뷰 완료' })).toBeDisabled();
  await pageA.screenshot({ path: test.info().outputPath('history.png') });

  // Report B from the participants list of that party.
  await card.getByRole('link', { name: '참여자 확인 · 신고' }).tap();
  await expect(pageA).toHaveURL(new RegExp(`/participants/${partyId}$`));
  await pageA.getByRole('listitem').filter({ hasText: b.username }).getByRole('button', { name: '신고하기' }).tap();
  await expect(pageA).toHaveURL(/\/report\/\d+$/);
  await expect(pageA.getByRole('heading', { name: '회원 신고하기' })).toBeVisible();
  await expect(pageA.getByText(b.username, { exact: true })).toBeVisible();
  await pageA.getByLabel('신고 유형').selectOption({ label: '파티 중 불쾌감 조성' });
  await pageA.getByLabel('신고 내용').fill('파티 중 다른 참여자에게 반복적으로 불쾌한 농담을 했어요.');
  await pageA.getByRole('button', { name: '신고하기' }).tap();
  await expect(pageA.getByRole('status')).toHaveText('신고가 접수되었습니다.');
  await pageA.screenshot({ path: test.info().outputPath('report.png') });
  await expect(pageA).toHaveURL(new RegExp(`/participants/${partyId}$`));

  // The operator finds the report with the CLI and confirms it with a warning.
  const pending = (await ops(baseURL!, 'reports')) as Array<{ id: number; party: number; reported_user: number }>;
  const report = pending.find((r) => r.party === partyId);
  expect(report).toBeDefined();
  expect(await ops(baseURL!, 'report:resolve', String(report!.id), 'warn')).toMatchObject({ status: 'confirmed' });

  const pageB = await newPhone(b);
  await pageB.goto('/mypage');
  await expect(pageB.locator('.mypage-stats__cell').filter({ hasText: '경고' })).toContainText('1회');
  await pageB.getByRole('button', { name: '경고 안내' }).tap();
  await expect(pageB.getByRole('tooltip')).toContainText('신고');
});
