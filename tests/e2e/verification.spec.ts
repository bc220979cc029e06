import { expect, test } from '@playwright/test';
import { expectAccessible } from './axe';
import { collectDialogs, decideViaApi, E2E_OPS_TOKEN, login, signupViaApi, studentCardPng } from './helpers';

const ops = { 'X-Ops-Token': E2E_OPS_TOKEN };

test('a rejected student is told why at 참가신청 and on my page, sends a new card, and joins once an operator approves it', async ({ page, request }) => {
  test.setTimeout(300_000); // a long journey with three axe scans: sized for a busy machine (see a11y.spec.ts)
  const dialogs = await collectDialogs(page);
  const s = await signupViaApi(request, 'vf', { approved: false });
  const queue = (await (await request.get(`/api/ops/verifications/?q=${s.username}`, { headers: ops })).json()) as { results: { id: number }[] };
  expect(queue.results.map((v) => v.id)).toEqual([s.id]);
  const reason = '학생증 사진이 흐려 이름을 읽을 수 없습니다';
  expect((await decideViaApi(request, s.id, 'reject', { reason })).status()).toBe(200);
  // A party of this test's own, so no other test's seats matter.
  const created = await request.post('/api/ops/parties/', {
    headers: ops,
    data: { title: `인증 확인 파티 ${Date.now().toString(36)}`, place_id: 1, start_time: new Date(Date.now() + 48 * 3_600_000).toISOString(), max_participants: 4, deposit: 0 },
  });
  const { id: partyId } = (await created.json()) as { id: number };

  await login(page, s.username, s.password);
  await page.goto(`/partyinfo/${partyId}`);
  // The button says why before any tap (issue 30 §4), and a tap explains.
  await page.getByRole('button', { name: '학생증 반려됨' }).tap();
  const refusal = page.getByRole('alertdialog', { name: '학생증이 반려되었어요' });
  await expect(refusal).toContainText(reason);
  await page.screenshot({ path: test.info().outputPath('join-refused.png') });
  await expectAccessible(page, 'the refusal dialog of a rejected student');
  await refusal.getByRole('button', { name: '마이페이지에서 학생증 보내기' }).tap();

  await expect(page).toHaveURL(/\/mypage$/);
  await expect(page.getByRole('heading', { name: '학생증이 반려되었어요' })).toBeVisible();
  await expect(page.getByText(reason)).toBeVisible();
  await page.getByLabel('학생증 사진').setInputFiles({ name: 'card.png', mimeType: 'image/png', buffer: await studentCardPng() });
  await expect(page.getByAltText('선택한 학생증 사진 미리보기')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('mypage-rejected.png'), fullPage: true });
  await expectAccessible(page, 'my page of a rejected student, a new card chosen');
  await page.getByRole('button', { name: '학생증 다시 보내기' }).tap();
  await expect(page.getByRole('heading', { name: '학생증 확인 중이에요' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('mypage-pending.png') });
  await expectAccessible(page, 'my page while the card waits');

  // Still waiting: the join button says so, with nothing else to do.
  await page.goto(`/partyinfo/${partyId}`);
  await page.getByRole('button', { name: '학생증 확인 중' }).tap();
  const waiting = page.getByRole('alertdialog', { name: '학생증 확인 중이에요' });
  await expect(waiting).toBeVisible();
  await waiting.getByRole('button', { name: '확인' }).tap();
  await expect(waiting).toHaveCount(0);

  expect((await decideViaApi(request, s.id, 'approve')).status()).toBe(200);
  await page.goto('/notifications');
  await expect(page.getByText('학생증 확인이 끝났습니다. 이제 파티에 참가할 수 있어요!')).toBeVisible();
  await page.goto('/mypage');
  await expect(page.getByText('인증됨')).toBeVisible();
  await expect(page.getByRole('heading', { name: '학생증 확인 중이에요' })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('mypage-approved.png') });
  await page.goto(`/partyinfo/${partyId}`);
  await page.getByRole('button', { name: '참가신청' }).tap();
  await expect(page).toHaveURL(/\/payment$/);
  expect(dialogs).toEqual(['로그인 성공.']);
});
