import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { E2E_OPS_TOKEN, login, signupViaApi } from './helpers';

// Sharing a party (issue 18 §3): the link-preview tags of its page, its calendar file, and the share button.

async function ownParty(request: APIRequestContext, title: string) {
  const start = new Date(Date.now() + 3 * 24 * 3_600_000);
  start.setUTCSeconds(0, 0);
  const created = await request.post('/api/ops/parties/', {
    headers: { 'X-Ops-Token': E2E_OPS_TOKEN },
    data: { title, description: '공유 테스트, 설명; 두 줄\n둘째 줄', place_id: 1, start_time: start.toISOString(), max_participants: 6, deposit: 1000, tags: ['테스트'] },
  });
  expect(created.status()).toBe(201);
  return { id: ((await created.json()) as { id: number }).id, start };
}

/** A meta tag's content as a link-preview scraper reads it (entities decoded). */
function meta(html: string, key: string) {
  const m = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`).exec(html);
  return m?.[1].replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
}

/** Unfolds an iCalendar file and reads its properties (RFC 5545 §3.1). */
function icsProps(text: string): Map<string, string> {
  const lines = text.replace(/\r\n[ \t]/g, '').split('\r\n').filter(Boolean);
  return new Map(lines.map((l) => [l.slice(0, l.indexOf(':')).split(';')[0], l.slice(l.indexOf(':') + 1)] as [string, string]));
}
const icsInstant = (v: string) => new Date(v.replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, '$1-$2-$3T$4:$5:$6Z'));

test('a party’s page carries its link-preview tags, escaped, with absolute links that answer', async ({ request, baseURL }) => {
  const title = `"공유" <파티> & 치킨 ${Date.now().toString(36)}`;
  const { id } = await ownParty(request, title);
  const res = await request.get(`/partyinfo/${id}`, { headers: { accept: 'text/html' } });
  expect(res.status()).toBe(200);
  const html = await res.text();
  const head = html.slice(0, html.indexOf('</head>'));
  expect(meta(head, 'og:title')).toBe(title);
  expect(head).not.toContain('<파티>');
  expect(meta(head, 'og:description')).toMatch(/^.+ · \d{4}년 \d{1,2}월 \d{1,2}일 \([일월화수목금토]\) \d\d:\d\d$/);
  expect(meta(head, 'og:type')).toBe('website');
  expect(meta(head, 'twitter:card')).toBe('summary_large_image');
  expect(meta(head, 'og:url')).toBe(`${baseURL}/partyinfo/${id}`);
  const image = meta(head, 'og:image')!;
  expect(image.startsWith(`${baseURL}/art/`)).toBe(true);
  const picture = await request.get(image);
  expect(picture.status()).toBe(200);
  expect(picture.headers()['content-type']).toBe('image/png');
  expect(res.headers()['content-security-policy']).not.toContain('unsafe-inline');

  // An unknown party's page carries none.
  expect(await (await request.get('/partyinfo/999999', { headers: { accept: 'text/html' } })).text()).not.toContain('og:title');
});

test('a student holding a seat downloads the party’s calendar file, at the party’s instant', async ({ page, request, baseURL }) => {
  const title = `캘린더, 파티; ${Date.now().toString(36)}`;
  const { id, start } = await ownParty(request, title);
  const s = await signupViaApi(request, 'share');
  const signedIn = await request.post('/api/signup/auth/login/', { data: { username: s.username, password: s.password } });
  const { access } = (await signedIn.json()) as { access: string };
  expect((await request.post(`/api/reserve/join/${id}/`, { headers: { Authorization: `Bearer ${access}` } })).status()).toBe(201);

  await login(page, s.username, s.password);
  await page.goto(`/partyinfo/${id}`);
  const link = page.getByRole('link', { name: '캘린더에 추가' });
  await expect(link).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('party-with-seat.png') });
  const [download] = await Promise.all([page.waitForEvent('download'), link.tap()]);
  expect(download.suggestedFilename()).toBe(`party-${id}.ics`);
  const text = readFileSync((await download.path())!, 'utf8');
  expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  const props = icsProps(text);
  expect(icsInstant(props.get('DTSTART')!).toISOString()).toBe(start.toISOString());
  expect(props.get('SUMMARY')).toBe(title.replace(/,/g, '\\,').replace(/;/g, '\\;'));
  expect(props.get('URL')).toBe(`${baseURL}/partyinfo/${id}`);
});

test.describe('where the browser has no share sheet', () => {
  test.beforeEach(async ({ context, baseURL }) => {
    // Chromium on Linux has no Web Share API today; removed outright so the test does not depend on that.
    await context.addInitScript(() => {
      delete (Navigator.prototype as { share?: unknown }).share;
    });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  });

  test('the share button copies the party’s link and says so', async ({ page, request, baseURL }) => {
    const { id } = await ownParty(request, `복사 파티 ${Date.now().toString(36)}`);
    await page.goto(`/partyinfo/${id}`);
    await page.getByRole('button', { name: '파티 공유하기' }).tap();
    await expect(page.getByRole('status').filter({ hasText: '링크를 복사했어요' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('link-copied.png') });
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/partyinfo/${id}`);
  });
});
