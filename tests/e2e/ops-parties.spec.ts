import { expect, type Page, test } from '@playwright/test';
import { isoToSeoulWallTime } from '../../src/client/ops/seoul-time';
import type { MapParty } from '../../src/shared/parties';
import { expectAccessible } from './axe';
import { E2E_OPS_TOKEN, signupViaApi } from './helpers';
import { markerPoint, sheetSettled } from './map-helpers';
import { opsLogin } from './ops-helpers';
import { addPlaceOnMap } from './ops-map';

const ops = { 'X-Ops-Token': E2E_OPS_TOKEN };
const HOUR = 3_600_000;

// The operator's browser is far from campus: what is typed is still Seoul time.
test.use({ timezoneId: 'America/New_York' });

const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

// Several axe scans (ten seconds or more each on a busy machine): the cap only catches a wait that never ends.
test.describe.configure({ timeout: 300_000 });

test('an operator puts a new place on the map and creates a party there through the form; a guest finds it on home and on the map; the operator edits its seats', async ({ page }) => {
  const title = `콘솔 파티 ${Date.now().toString(36)}`;
  const placeName = `새 장소 ${Date.now().toString(36)}`;
  // A few hours ahead, on the minute, so the party is among the soonest on home (which lists 50).
  const start = new Date(Math.ceil((Date.now() + 3 * HOUR) / 600_000) * 600_000);
  const wall = isoToSeoulWallTime(start.toISOString());

  // A place of its own, set down on the campus map by a tap (clear of the demo buildings and other tests' places).
  await opsLogin(page, '/ops/places');
  const placeId = await addPlaceOnMap(page, placeName, { x: 0.62, y: 0.45 });
  await page.getByRole('navigation', { name: '운영 메뉴' }).getByRole('link', { name: '파티' }).click();
  await expect(page.getByRole('table')).toBeVisible();
  await shot(page, 'parties');
  await page.getByRole('link', { name: '파티 만들기' }).click();
  await expect(page).toHaveURL(/\/ops\/parties\/new$/);
  await page.getByLabel('제목').fill(title);
  await page.getByLabel('정원').fill('1');
  await page.getByRole('button', { name: '파티 만들기' }).click();
  // Checked before anything is sent: each message beside its field, the first wrong field focused.
  await expect(page.getByLabel('장소')).toBeFocused();
  await expect(page.getByLabel('장소')).toHaveAccessibleDescription('장소를 골라 주세요.');
  await expect(page.getByLabel('정원')).toHaveAccessibleDescription(/정원은 2~50명이어야 합니다\./);
  await expectAccessible(page, 'the party form with field errors');
  await shot(page, 'form-errors');

  await page.getByLabel('설명').fill('콘솔에서 만든 파티입니다.');
  await page.getByLabel('장소').selectOption({ label: placeName });
  await page.getByLabel('시작 날짜').fill(wall.date);
  await page.getByLabel('시작 시간').fill(wall.time);
  await page.getByLabel('정원').fill('6');
  await page.getByLabel('보증금 (P)').fill('1000');
  await page.getByLabel('태그').fill('콘솔, #테스트');
  await page.getByRole('button', { name: '파티 만들기' }).click();

  await expect(page).toHaveURL(/\/ops\/parties\/\d+$/);
  const partyId = Number(page.url().split('/').pop());
  await expect(page.getByRole('status').filter({ hasText: `'${title}' 파티를 만들었습니다.` })).toBeFocused();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  const created = (await (await page.request.get(`/api/ops/parties/${partyId}/`, { headers: ops })).json()) as { start_time: string; tags: string[]; place: { id: number; name: string } };
  expect(Date.parse(created.start_time)).toBe(start.getTime());
  expect(created.place).toEqual({ id: placeId, name: placeName });
  expect([...created.tags].sort()).toEqual(['콘솔', '테스트'].sort());
  await expectAccessible(page, 'the party page');
  await shot(page, 'party-created');

  // A guest (the console's session is the tab's own; the students' app sees no student).
  await page.goto('/');
  await expect(page.getByText(title)).toBeVisible();
  await page.goto('/map');
  await page.getByRole('button', { name: '목록 펼치기' }).tap();
  await expect(page.locator(`li.map-card[data-party-id="${partyId}"]`)).toContainText(title);
  await page.getByRole('button', { name: '목록 접기' }).tap();
  // Down before the marker is tapped: while its spring runs the sheet still covers the map.
  await sheetSettled(page, false);
  const parties = (await (await page.request.get('/api/detailview/parties/')).json()) as MapParty[];
  const mine = parties.find((p) => p.id === partyId)!;
  expect(mine.place_name).toBe(placeName);
  // Where the operator tapped (to the pixel: two decimals of the map).
  expect(mine.place_x_norm).toBeCloseTo(0.62, 2);
  expect(mine.place_y_norm).toBeCloseTo(0.45, 2);
  await expect(page.locator('.map-stage__surface')).not.toHaveAttribute('data-markers', '0');
  const at = await markerPoint(page, mine);
  await page.touchscreen.tap(at.x, at.y);
  await expect(page.getByRole('dialog')).toContainText(title);
  await shot(page, 'map-popup');

  await page.goto(`/ops/parties/${partyId}`);
  await page.getByRole('link', { name: '수정' }).click();
  await expect(page.getByLabel('제목')).toHaveValue(title);
  await expect(page.getByLabel('시작 시간')).toHaveValue(wall.time);
  await page.getByLabel('정원').fill('8');
  // The same form on a laptop: pairs of fields side by side.
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, 'edit-laptop');
  await page.setViewportSize({ width: 393, height: 852 });
  await page.getByRole('button', { name: '수정 저장' }).click();
  await expect(page.getByRole('status').filter({ hasText: '파티를 수정했습니다.' })).toBeVisible();
  await expect(page.getByText('0/8')).toBeVisible();
});

test('the server’s rules beside the fields, then a cancel that refunds the joined student', async ({ page, request }) => {
  const created = await request.post('/api/ops/parties/', {
    headers: ops,
    data: { title: `취소할 파티 ${Date.now().toString(36)}`, place_id: 1, start_time: new Date(Date.now() + 48 * HOUR).toISOString(), max_participants: 4, deposit: 1000 },
  });
  expect(created.status()).toBe(201);
  const { id: partyId } = (await created.json()) as { id: number };
  const s = await signupViaApi(request, 'opsc');
  const login = await request.post('/api/signup/auth/login/', { data: { username: s.username, password: s.password } });
  const { access } = (await login.json()) as { access: string };
  const student = { Authorization: `Bearer ${access}` };
  const points = async () => ((await (await request.get('/api/mypage/main/', { headers: student })).json()) as { points: number }).points;
  const before = await points();
  const join = await request.post(`/api/reserve/join/${partyId}/`, { headers: student });
  const { id: participationId } = (await join.json()) as { id: number };
  expect((await request.post(`/api/reserve/pay/${participationId}/`, { headers: student, data: { payment_method: 'POINT' } })).status()).toBe(200);
  expect(await points()).toBe(before - 1000);

  // The deposit is fixed once a student holds a seat: the server says so beside the field.
  await opsLogin(page, `/ops/parties/${partyId}/edit`);
  await page.getByLabel('보증금 (P)').fill('2000');
  await page.getByRole('button', { name: '수정 저장' }).click();
  await expect(page.getByLabel('보증금 (P)')).toHaveAccessibleDescription(/신청한 학생이 있어 보증금을 바꿀 수 없습니다\./);
  await expect(page.getByLabel('보증금 (P)')).toBeFocused();
  await expectAccessible(page, 'the edit form with the server’s refusal');
  await shot(page, 'edit-refused');

  await page.getByRole('link', { name: '돌아가기' }).click();
  await page.getByRole('button', { name: '파티 취소' }).click();
  const dialog = page.getByRole('alertdialog', { name: '이 파티를 취소할까요?' });
  await expect(dialog).toContainText('신청한 학생 1명(결제 1명)의 참가가 모두 취소되고');
  await expect(dialog).toContainText('맡아 둔 보증금 1,000P는 1명에게 모두 포인트로 돌려줍니다.');
  await expectAccessible(page, 'the cancel dialog');
  await shot(page, 'cancel-dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('button', { name: '파티 취소' })).toBeFocused();

  await page.getByRole('button', { name: '파티 취소' }).click();
  await dialog.getByRole('button', { name: '파티 취소하기' }).click();
  await expect(page.getByRole('status').filter({ hasText: '파티를 취소했습니다. 참가 1건을 취소하고 보증금 1,000P를 돌려주었습니다.' })).toBeFocused();
  await expect(page.getByText('취소된 파티는 수정할 수 없습니다.')).toBeVisible();
  await expect(page.getByRole('button', { name: '파티 취소' })).toHaveCount(0);
  await shot(page, 'cancelled');
  expect(await points()).toBe(before);
});
