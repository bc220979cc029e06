import { type APIRequestContext, expect, test } from '@playwright/test';
import { expectAccessible } from './axe';
import { partyOfFour } from './helpers';
import { opsLogin } from './ops-helpers';

// Issue 16 §3–§4: the console's own pages (sign-in, dashboard, parties, a party, audit log) in the browser, and the
// manual check-in for a student whose phone died — it returns the deposit exactly as standby would.

const pointsOf = async (request: APIRequestContext, token: string) => {
  const res = await request.get('/api/mypage/main/', { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { points: number }).points;
};

test('the sign-in page is accessible and a wrong password is refused in Korean', async ({ page }) => {
  await page.goto('/ops');
  await expect(page.getByRole('heading', { name: '운영자 로그인' })).toBeVisible();
  await expectAccessible(page, '/ops sign-in');
  await page.getByLabel('아이디').fill('ops_demo');
  await page.getByLabel('비밀번호').fill('not-the-password');
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await expect(page.getByText('아이디 또는 비밀번호가 일치하지 않습니다.')).toBeVisible();
  await expectAccessible(page, '/ops sign-in with its error');
});

test('an operator checks in a student by hand from the party page: the deposit comes back once, and the audit log says who', async ({ page, request }) => {
  test.setTimeout(180_000); // four students sign up and pay through the API first
  const { partyId, students, tokens } = await partyOfFour(request, 'oc', 10 * 60_000);
  const [student] = students;
  const before = await pointsOf(request, tokens[0]);

  await opsLogin(page);
  await expect(page.getByRole('heading', { level: 1, name: '대시보드' })).toBeVisible();
  await expect(page.locator(`a[href="/ops/parties/${partyId}"]`).first()).toBeVisible();
  await expectAccessible(page, '/ops dashboard');

  await page.getByRole('navigation', { name: '운영 메뉴' }).getByRole('link', { name: '파티' }).click();
  await expect(page).toHaveURL(/\/ops\/parties$/);
  const partyLink = page.locator(`a[href="/ops/parties/${partyId}"]`).first();
  await expect(partyLink).toBeVisible();
  await expectAccessible(page, '/ops/parties');

  await partyLink.click();
  await expect(page).toHaveURL(new RegExp(`/ops/parties/${partyId}$`));
  const row = page.getByRole('row', { name: new RegExp(`@${student.username}`) });
  await expect(row).toContainText('결제 완료');
  await expect(row).toContainText('보관 중');
  await expectAccessible(page, '/ops/parties/{id}');

  await row.getByRole('button', { name: `${student.name} 수동 체크인` }).click();
  await expect(page.getByRole('status').filter({ hasText: `${student.name} 학생을 체크인하고 보증금 1,000P를 돌려주었습니다.` })).toBeVisible();
  await expect(row).toContainText('반환됨');
  await expect(row.getByRole('button')).toHaveCount(0);
  expect(await pointsOf(request, tokens[0])).toBe(before + 1_000);
  await page.screenshot({ path: test.info().outputPath('party-checked-in.png'), fullPage: true });

  // The student sees why their points came back.
  const notices = await request.get('/api/notice/', { headers: { Authorization: `Bearer ${tokens[0]}` } });
  expect(((await notices.json()) as { kind?: string; message: string }[]).some((n) => n.message.includes('보증금 1,000P가 돌아왔습니다'))).toBe(true);

  await page.getByRole('navigation', { name: '운영 메뉴' }).getByRole('link', { name: '감사 로그' }).click();
  await expect(page).toHaveURL(/\/ops\/audit/);
  const entry = page.getByRole('row').filter({ hasText: '수동 체크인' }).first();
  await expect(entry).toContainText('ops_demo');
  await expectAccessible(page, '/ops/audit');
});
