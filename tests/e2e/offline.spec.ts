import { expect, test } from '@playwright/test';
import { login, signupViaApi, underServiceWorker } from './helpers';

// Issue 17 §3: offline, a page shows what was seen last with a mark, or says it is not connected — never "none".
const MARK = '오프라인 · 마지막으로 본 내용이에요';
const UNREACHABLE = '연결되지 않았습니다';
const PARTY = '새내기 환영 보드게임 파티';

test('home and a party opened before open offline with what was seen last, marked as offline', async ({ page, context }) => {
  await page.goto('/');
  await underServiceWorker(page);
  await expect(page.getByRole('heading', { name: `#${PARTY}` })).toBeVisible();
  await expect(page.getByText(MARK)).toHaveCount(0);
  await page.getByText(`#${PARTY}`).tap();
  await expect(page.getByRole('heading', { level: 1, name: PARTY })).toBeVisible();
  const partyPath = new URL(page.url()).pathname;

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText(MARK)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: PARTY })).toBeVisible();

  await page.goto('/');
  await expect(page.getByText(MARK)).toBeVisible();
  await expect(page.getByRole('heading', { name: `#${PARTY}` })).toBeVisible();
  await expect(page.getByText('아직 모집 중인 파티가 없습니다.')).toHaveCount(0);

  // A party never opened has nothing kept: the honest state, not an empty page.
  await page.goto(partyPath.replace(/\d+$/, '999999'));
  await expect(page.getByText(UNREACHABLE)).toBeVisible();

  // Back online, the retry reads the server again and the mark goes.
  await page.goto(partyPath);
  await expect(page.getByText(MARK)).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText(MARK)).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: PARTY })).toBeVisible();
});

test('notifications offline never say 새 알림이 없습니다: nothing of a student is kept across a reload', async ({ page, context, request }) => {
  const s = await signupViaApi(request, 'off');
  await login(page, s.username, s.password);
  await underServiceWorker(page);
  await page.getByRole('button', { name: /^알림/ }).tap();
  // The operator's approval of the card (signupViaApi) is this student's one notice.
  await expect(page.locator('.notice-list > li')).toHaveCount(1);

  await context.setOffline(true);
  // In the app (no page load: the bell and back), the list read a moment ago is kept in memory and marked.
  await page.getByRole('button', { name: '뒤로 가기' }).tap();
  await page.getByRole('button', { name: /^알림/ }).tap();
  await expect(page.getByText(MARK)).toBeVisible();
  await expect(page.locator('.notice-list > li')).toHaveCount(1);
  // After a reload nothing of the student is left (nothing private is stored): the honest state, never "none".
  await page.reload();
  await expect(page.getByText(UNREACHABLE)).toBeVisible();
  await expect(page.getByText('새 알림이 없습니다.')).toHaveCount(0);

  // Back online the screen reads again by itself (SWR's reconnect), so its 다시 시도 may be gone before a tap
  // lands; the button itself is tested in tests/client/offline.test.tsx.
  await context.setOffline(false);
  await expect(page.locator('.notice-list > li')).toHaveCount(1);
  await expect(page.getByText(UNREACHABLE)).toHaveCount(0);
});

test('a new student opening /mypage/extra asks nothing that answers 404', async ({ page, request }) => {
  const s = await signupViaApi(request, 'xtra');
  await login(page, s.username, s.password);
  const failures: string[] = [];
  page.on('console', (m) => m.type() === 'error' && failures.push(`console: ${m.text()}`));
  page.on('response', (r) => r.status() >= 400 && failures.push(`${r.status()} ${new URL(r.url()).pathname}`));
  // Home's pictures and reads still loading are cut short by leaving (ERR_ABORTED): that is not the wizard's doing.
  page.on('requestfailed', (r) => r.failure()?.errorText !== 'net::ERR_ABORTED' && failures.push(`failed ${new URL(r.url()).pathname}`));
  await page.goto('/mypage/extra');
  await expect(page.getByRole('button', { name: '1학년' })).toBeVisible();
  await expect(page.getByRole('button', { name: '1학년' })).toHaveAttribute('aria-pressed', 'false');
  // The wizard's own question is answered before its first step shows; nothing after it is pending.
  await page.waitForLoadState('networkidle');
  expect(failures).toEqual([]);
});
