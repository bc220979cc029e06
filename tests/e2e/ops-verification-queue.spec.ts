import { expect, test } from '@playwright/test';
import { expectAccessible } from './axe';
import { decideViaApi, E2E_OPS_TOKEN, signupViaApi } from './helpers';
import { opsLogin } from './ops-helpers';

// One page of the queue holds 30 students (the server's page): one more makes a second page.
const STUDENTS = 31;

// Issue 33 §3: an operator works a long queue at a desk — searched, and walked past the first page with J.
test('an operator at a desk finds students by name, walks past the first page with J, and sees how the queue stands', async ({ page, request }) => {
  test.setTimeout(300_000); // 31 signups and two axe scans: sized for a busy machine
  // The students of this test alone, under a name nobody else has. Rejected at once: the pending queue other tests
  // look their students up in stays as short as they left it.
  const tag = `Queue${Date.now().toString(36)}`;
  for (let i = 0; i < STUDENTS; i += 4) {
    await Promise.all(
      Array.from({ length: Math.min(4, STUDENTS - i) }, async (_, j) => {
        const s = await signupViaApi(request, 'vq', { approved: false, name: `${tag} ${String(i + j + 1).padStart(2, '0')}` });
        expect((await decideViaApi(request, s.id, 'reject', { reason: '사진이 흐립니다' })).status()).toBe(200);
      }),
    );
  }
  // In the queue's order (cards sent at once in a batch may land in any order).
  const listed = await request.get(`/api/ops/verifications/?status=rejected&q=${tag}&limit=100`, { headers: { 'X-Ops-Token': E2E_OPS_TOKEN } });
  const made = ((await listed.json()) as { results: { username: string }[] }).results;
  expect(made).toHaveLength(STUDENTS);

  await page.setViewportSize({ width: 1440, height: 900 });
  await opsLogin(page, '/ops/verifications');
  await expect(page.getByText(/오늘 처리 \d+건/)).toBeVisible();

  await page.getByRole('combobox', { name: '상태' }).selectOption('반려');
  // Latin letters in any case find the name.
  const search = page.getByRole('searchbox', { name: '학생 검색' });
  await search.fill(tag.toLowerCase());
  await search.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/ops/verifications\\?status=rejected&q=${tag.toLowerCase()}$`));
  const queue = page.getByRole('list', { name: `반려 ${STUDENTS}명` });
  await expect(queue.getByRole('button')).toHaveCount(30);
  await expect(page.getByRole('button', { name: '더 보기' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('queue-desk-search.png') });
  await expectAccessible(page, 'the verification queue searched, at a desk');

  // From the last student of the first page, J brings the next page and stands on its first student.
  const last = queue.getByRole('button', { name: new RegExp(`@${made[29].username}`) });
  await last.click();
  await expect(page.getByText(`30 / ${STUDENTS}`)).toBeVisible();
  await page.keyboard.press('j');
  const beyond = queue.getByRole('button', { name: new RegExp(`@${made[30].username}`) });
  await expect(beyond).toHaveAttribute('aria-current', 'true');
  await expect(beyond).toBeFocused();
  await expect(page.getByRole('region', { name: new RegExp(`@${made[30].username}`) })).toBeVisible();
  await expect(page.getByText(`${STUDENTS} / ${STUDENTS}`)).toBeVisible();
  await expect(queue.getByRole('button')).toHaveCount(STUDENTS);
  await expect(page.getByRole('button', { name: '더 보기' })).toHaveCount(0);
  await expectAccessible(page, 'the verification queue past its first page, at a desk');

  // The address keeps the search: a reload shows the same list.
  await page.reload();
  await expect(page.getByRole('list', { name: `반려 ${STUDENTS}명` })).toBeVisible();
  await expect(page.getByRole('searchbox', { name: '학생 검색' })).toHaveValue(tag.toLowerCase());
});
