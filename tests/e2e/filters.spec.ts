import { type APIRequestContext, type BrowserContext, expect, test, type Page } from '@playwright/test';
import { signupViaApi } from './helpers';
import { holdSeatViaApi, opsParty } from './seat-helpers';

// The list filters live in the page URL: a reload and a shared link show the same filters and the same parties.
// Each test searches for a full party of its own (a word in its title nothing else has), so 자리 있음 leaves
// nothing of the search, whatever other tests add or fill meanwhile.

/** A two-seat party whose seats two other students hold; answers its title and the word to search it by. */
async function fullParty(request: APIRequestContext) {
  const search = `만석${Date.now().toString(36)}`;
  const title = `${search} 파티`;
  const partyId = await opsParty(request, title, 2);
  for (let i = 0; i < 2; i += 1) await holdSeatViaApi(request, await signupViaApi(request, 'filt'), partyId);
  return { title, search };
}

const bar = (page: Page) => page.getByRole('search', { name: '파티 필터' });

async function expectFullPartyGone(page: Page, search: string) {
  await expect(bar(page).getByRole('searchbox', { name: '제목, 장소, 태그 검색' })).toHaveValue(search);
  await expect(bar(page).getByRole('button', { name: '자리 있음' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('조건에 맞는 파티가 없어요')).toBeVisible();
}

/** 자리 있음 on top of the search, then a reload and the link opened in a new page: all show the same. */
async function openSeatsSurviveReloadAndShare(page: Page, context: BrowserContext, path: string, search: string) {
  await bar(page).getByRole('button', { name: '자리 있음' }).tap();
  await expect(page).toHaveURL(`${path}?open=1&q=${encodeURIComponent(search)}`);
  await expectFullPartyGone(page, search);
  await page.reload();
  await expectFullPartyGone(page, search);
  const shared = await context.newPage();
  await shared.goto(page.url());
  await expectFullPartyGone(shared, search);
  return shared;
}

test('home: filters set by taps survive a reload and open the same from a shared link', async ({ page, context, request }) => {
  const { title, search } = await fullParty(request);
  await page.goto('/');
  await expect(page.locator('.party-card').first()).toBeVisible();
  // Home is drawn by the server: typed while the app takes the page over, the text may be redrawn away; the
  // student (and the test) then types it again.
  await expect(async () => {
    await bar(page).getByRole('searchbox').fill(search);
    await expect(page).toHaveURL(`/?q=${encodeURIComponent(search)}`, { timeout: 5_000 });
  }).toPass();
  await expect(page.getByRole('heading', { name: `#${title}` })).toBeVisible();
  await expect(page.locator('.party-card')).toHaveCount(1);

  const shared = await openSeatsSurviveReloadAndShare(page, context, '/', search);
  await shared.getByRole('button', { name: '필터 지우기' }).tap();
  await expect(shared).toHaveURL('/');
  await expect(shared.locator('.party-card').nth(1)).toBeVisible();
});

test('map: the sheet’s filters survive a reload and open the same from a shared link', async ({ page, context, request }) => {
  const { title, search } = await fullParty(request);
  await page.goto('/map');
  const sheet = page.getByRole('region', { name: '파티 목록' });
  await expect(sheet.getByRole('listitem').first()).toBeVisible();
  await bar(page).getByRole('searchbox').fill(search);
  await expect(page).toHaveURL(`/map?q=${encodeURIComponent(search)}`);
  await expect(sheet.getByText(title)).toBeVisible();

  const shared = await openSeatsSurviveReloadAndShare(page, context, '/map', search);
  await bar(shared).getByRole('button', { name: '자리 있음' }).tap();
  await expect(shared.getByRole('region', { name: '파티 목록' }).getByText(title)).toBeVisible();
});
