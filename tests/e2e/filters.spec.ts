import { type BrowserContext, expect, test, type Page } from '@playwright/test';

// The list filters live in the page URL: a reload and a shared link show the same filters and the same parties.
// The demo campus's 체육관 배드민턴 번개 is full (README), so 자리 있음 leaves nothing of a search for it.
const TITLE = '체육관 배드민턴 번개';
const SEARCH = '배드민턴';

const bar = (page: Page) => page.getByRole('search', { name: '파티 필터' });

async function expectBadmintonFull(page: Page) {
  await expect(bar(page).getByRole('searchbox', { name: '제목, 장소, 태그 검색' })).toHaveValue(SEARCH);
  await expect(bar(page).getByRole('button', { name: '자리 있음' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('조건에 맞는 파티가 없어요')).toBeVisible();
}

/** 자리 있음 on top of the search, then a reload and the link opened in a new page: all show the same. */
async function openSeatsSurviveReloadAndShare(page: Page, context: BrowserContext, path: string) {
  await bar(page).getByRole('button', { name: '자리 있음' }).tap();
  await expect(page).toHaveURL(`${path}?open=1&q=${encodeURIComponent(SEARCH)}`);
  await expectBadmintonFull(page);
  await page.reload();
  await expectBadmintonFull(page);
  const shared = await context.newPage();
  await shared.goto(page.url());
  await expectBadmintonFull(shared);
  return shared;
}

test('home: filters set by taps survive a reload and open the same from a shared link', async ({ page, context }) => {
  await page.goto('/');
  await expect(page.locator('.party-card').first()).toBeVisible();
  // Home is drawn by the server: typed while the app takes the page over, the text may be redrawn away; the
  // student (and the test) then types it again.
  await expect(async () => {
    await bar(page).getByRole('searchbox').fill(SEARCH);
    await expect(page).toHaveURL(`/?q=${encodeURIComponent(SEARCH)}`, { timeout: 5_000 });
  }).toPass();
  await expect(page.getByRole('heading', { name: `#${TITLE}` })).toBeVisible();
  await expect(page.locator('.party-card')).toHaveCount(1);

  const shared = await openSeatsSurviveReloadAndShare(page, context, '/');
  await shared.getByRole('button', { name: '필터 지우기' }).tap();
  await expect(shared).toHaveURL('/');
  await expect(shared.locator('.party-card').nth(1)).toBeVisible();
});

test('map: the sheet’s filters survive a reload and open the same from a shared link', async ({ page, context }) => {
  await page.goto('/map');
  const sheet = page.getByRole('region', { name: '파티 목록' });
  await expect(sheet.getByRole('listitem').first()).toBeVisible();
  await bar(page).getByRole('searchbox').fill(SEARCH);
  await expect(page).toHaveURL(`/map?q=${encodeURIComponent(SEARCH)}`);
  await expect(sheet.getByText(TITLE)).toBeVisible();

  const shared = await openSeatsSurviveReloadAndShare(page, context, '/map');
  await bar(shared).getByRole('button', { name: '자리 있음' }).tap();
  await expect(shared.getByRole('region', { name: '파티 목록' }).getByText(TITLE)).toBeVisible();
});
