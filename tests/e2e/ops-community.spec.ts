import { expect } from '@playwright/test';
import { expectAccessible } from './axe';
import { partyOfFour, signupViaApi } from './helpers';
import { opsLogin } from './ops-helpers';
import { test } from './phones';

// The report comes from a party that has not started: a finished one cannot be made through the API (parties are
// created and moved only into the future, and the students' report endpoint asks only that both students paid for
// the party, not that it is over), and waiting for a real start would be a sleep.
// Several axe scans (ten seconds or more each on a busy machine): the cap only catches a wait that never ends.
test.describe.configure({ timeout: 300_000 });

test('an operator warns a reported student from the reports list, and the student is notified', async ({ page, newPhone, request }) => {
  const { partyId, students, tokens } = await partyOfFour(request, 'rpt', 2 * 3_600_000);
  const [reporter, reported] = students;
  const content = `자리에서 계속 소리를 질렀어요 ${Date.now().toString(36)}`;
  const made = await request.post('/api/mypage/reports/', {
    headers: { Authorization: `Bearer ${tokens[0]}` },
    data: { party: partyId, reported_user: reported.id, category: 'UNPLEASANT', content },
  });
  expect(made.status()).toBe(201);

  await opsLogin(page, '/ops/reports');
  const card = page.getByRole('article').filter({ hasText: content });
  await expect(card).toBeVisible();
  await expect(card.getByRole('heading')).toContainText('파티 중 불쾌감 조성');
  await expect(card.getByRole('link', { name: new RegExp(`@${reporter.username}`) })).toHaveAttribute('href', `/ops/users/${reporter.id}`);
  await expect(card.getByRole('link', { name: new RegExp(`@${reported.username}`) })).toHaveAttribute('href', `/ops/users/${reported.id}`);
  await expect(card.getByRole('link', { name: /rpt 파티/ })).toHaveAttribute('href', `/ops/parties/${partyId}`);
  await expect(card.getByText('경고 없음')).toBeVisible();
  await expectAccessible(page, 'the reports list');
  await page.screenshot({ path: test.info().outputPath('reports-393.png'), fullPage: true });

  await card.getByRole('button', { name: '경고' }).tap();
  const confirm = page.getByRole('alertdialog', { name: `${reported.name} 학생에게 경고를 줄까요?` });
  await expect(confirm).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('reports-confirm-393.png') });
  await confirm.getByRole('button', { name: '경고 주기' }).tap();
  await expect(page.getByRole('status')).toHaveText(`${reported.name} 학생에게 경고를 주고 알림을 보냈습니다.`);
  await expect(card).toHaveCount(0);

  await page.getByRole('link', { name: '경고함' }).tap();
  await expect(page).toHaveURL(/\/ops\/reports\?status=confirmed$/);
  await expect(page.getByRole('article').filter({ hasText: content }).getByText('경고 1회')).toBeVisible();

  const student = await newPhone(reported);
  await student.goto('/notifications');
  await expect(student.getByText('경고를 받았습니다: 신고 확인 (파티 중 불쾌감 조성)')).toBeVisible();
});

test('an operator finds a student, grants 500 points with a reason, and the student sees the new balance', async ({ page, newPhone, request }) => {
  const s = await signupViaApi(request, 'pts');
  await opsLogin(page, '/ops');
  await page.getByRole('navigation', { name: '운영 메뉴' }).getByRole('link', { name: '포인트' }).tap();
  await page.getByRole('searchbox', { name: '학생 검색' }).fill(s.username);
  await page.getByRole('button', { name: '검색', exact: true }).tap();
  await expect(page).toHaveURL(new RegExp(`/ops/users\\?q=${s.username}$`));
  const row = page.getByRole('row', { name: new RegExp(s.username) });
  await expect(row).toContainText('10,000P');
  await expect(row).toContainText('인증됨');
  await expectAccessible(page, 'the student search');
  await page.screenshot({ path: test.info().outputPath('users-393.png'), fullPage: true });
  // The search survives a reload: it is in the URL.
  await page.reload();
  await expect(page.getByRole('row', { name: new RegExp(s.username) })).toBeVisible();

  await page.getByRole('link', { name: new RegExp(`@${s.username}`) }).tap();
  await expect(page).toHaveURL(new RegExp(`/ops/users/${s.id}$`));
  await page.getByLabel('포인트', { exact: true }).fill('500');
  await page.getByLabel('사유', { exact: true }).fill('축제 부스 운영 도움');
  await page.getByRole('button', { name: '지급하기' }).tap();
  await expect(page.getByRole('status')).toHaveText(`${s.name} 학생에게 500P를 지급했습니다. 잔액 10,500P`);
  const newest = page.getByRole('row').nth(1);
  await expect(newest).toContainText('운영자 지급·회수');
  await expect(newest).toContainText('+500P');
  await expect(newest).toContainText('10,500P');
  await expect(newest).toContainText('축제 부스 운영 도움');
  await expect(page.getByRole('row', { name: /가입 환영/ })).toBeVisible();
  await expectAccessible(page, "a student's points and ledger");
  await page.screenshot({ path: test.info().outputPath('user-points-393.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: test.info().outputPath('user-points-1280.png'), fullPage: true });

  const student = await newPhone(s);
  await student.goto('/mypage');
  await expect(student.getByText('10,500P')).toBeVisible();
});
