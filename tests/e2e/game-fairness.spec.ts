import { expect as baseExpect, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { partyOfFour, standbyViaApi } from './helpers';
import { type OwnServer, startOwnServer } from './own-server';
import { test } from './phones';

// Issue 30 §6, a fair game: a question's results stay hidden until I vote on it, and the game says when its live
// results stop — here with the server process really stopped and started again (a server of the test's own, so
// the shared one stays up for the other workers).

// The test's own server runs on PGlite beside the shared one, on a machine other workers keep busy: its answers may
// take longer than the shared server's. A wait caps only what would never happen.
const expect = baseExpect.configure({ timeout: 60_000 });

/** The question slide on screen (the others are aria-hidden off to the side). */
const currentSlide = (page: Page) => page.locator('.slider__slide:not([aria-hidden="true"])');
const VEIL = '투표하면 결과가 보여요';

let server: OwnServer | undefined;
test.afterEach(async () => {
  await server?.dispose();
  server = undefined;
});

test('results stay hidden until I vote; when the server stops the game says so and fades them, and resyncs when it is back', async ({ newPhone, playwright }) => {
  test.setTimeout(600_000);
  server = await startOwnServer('game');
  const api = await playwright.request.newContext({ baseURL: server.url });
  // Three of four on standby start the round; two of them play on phones, the third through the API.
  const { partyId, students, tokens } = await partyOfFour(api, 'fair', 10 * 60_000);
  for (const token of tokens.slice(0, 3)) await standbyViaApi(api, token, partyId);
  const [s1, s2] = await Promise.all(students.slice(0, 2).map((s) => newPhone(s, { baseURL: server!.url })));
  for (const page of [s1, s2]) {
    await page.goto(`/balancewait/${partyId}`);
    await expect(page).toHaveURL(/\/balancegame\/\d+$/);
    await expect(page.getByText('1 / 5')).toBeVisible();
    await expect(page.getByRole('status', { name: /실시간 연결 상태/ })).toHaveText('연결됨');
  }
  const roundId = Number(new URL(s1.url()).pathname.split('/').pop());
  const third = { Authorization: `Bearer ${tokens[2]}` };
  const round = (await (await api.get(`/api/v1/game/rounds/${roundId}/`, { headers: third })).json()) as { questions: { id: number }[] };

  // Before voting nobody sees a side's count: only that nobody has voted yet.
  await expect(currentSlide(s1).getByText(VEIL)).toBeVisible();
  await expect(currentSlide(s1).getByText('0명 참여')).toBeVisible();
  await s1.screenshot({ path: test.info().outputPath('veiled.png') });

  await currentSlide(s1).getByRole('button', { name: /^A/ }).tap();
  await expect(currentSlide(s1).getByText('A 1표 (100%), B 0표 (0%)')).toBeAttached();
  await expect(currentSlide(s1).locator('.gauge__canvas canvas')).toBeAttached();
  await expect(currentSlide(s1).getByText(VEIL)).toHaveCount(0);
  // The other phone hears the vote but still sees no side: one took part, and that is all.
  await expect(currentSlide(s2).getByText('1명 참여')).toBeVisible();
  await expect(currentSlide(s2).getByText(VEIL)).toBeVisible();
  await expect(currentSlide(s2).locator('.gauge')).toHaveCount(0);
  await expect(currentSlide(s2).getByText(/A 1표/)).toHaveCount(0);
  await expectAccessible(s2, '/balancegame/{roundId} before my vote');

  await currentSlide(s2).getByRole('button', { name: /^B/ }).tap();
  for (const page of [s1, s2]) await expect(currentSlide(page).getByText('A 1표 (50%), B 1표 (50%)')).toBeAttached();

  // The server stops. Both phones say the results stopped, and why; the gauges fade.
  await server.stop();
  for (const page of [s1, s2]) {
    await expect(page.getByRole('status', { name: /실시간 연결 상태/ })).toHaveText('재연결 중...');
    await expect(page.getByRole('alert').filter({ hasText: '서버에 연결할 수 없어 결과가 멈춰 있어요.' })).toBeVisible();
    await expect(page.locator('.game__body--frozen')).toHaveCount(1);
  }
  await s1.screenshot({ path: test.info().outputPath('server-down.png') });
  await expectAccessible(s1, '/balancegame/{roundId} with the server down');

  // A vote tapped meanwhile is not lost in silence: nothing was counted, and the buttons are open to try again.
  await s2.getByRole('button', { name: '다음 질문' }).tap();
  await expect(s2.getByText('2 / 5')).toBeVisible();
  const retry = currentSlide(s2).getByRole('button', { name: /^A/ });
  await retry.tap();
  await expect(s2.getByText('서버에 연결되지 않아 투표하지 못했어요. 연결되면 다시 눌러 주세요.')).toBeVisible();
  await expect(retry).toBeEnabled();

  // Back up on the same port and data. A vote cast as it comes back reaches both phones (the socket's greeting, or
  // the reads meanwhile), the chip says 연결됨 again and the gauges are drawn in full.
  await server.start();
  const late = await api.post(`/api/v1/game/questions/${round.questions[0].id}/vote/`, { headers: third, data: { choice: 'A' } });
  expect(late.status()).toBe(201);
  for (const page of [s1, s2]) {
    await expect(page.getByRole('status', { name: /실시간 연결 상태/ })).toHaveText('연결됨', { timeout: 120_000 });
    await expect(page.locator('.game__body--frozen')).toHaveCount(0);
    await expect(page.locator('.game__connection')).toBeEmpty();
  }
  await expect(currentSlide(s1).getByText('A 2표 (67%), B 1표 (33%)')).toBeAttached();
  await s2.getByRole('button', { name: '이전 질문' }).tap();
  await expect(currentSlide(s2).getByText('A 2표 (67%), B 1표 (33%)')).toBeAttached();

  // Live again: s2's retried vote on question 2 reaches s1's open question 2 once s1 has voted there too.
  await s2.getByRole('button', { name: '다음 질문' }).tap();
  await currentSlide(s2).getByRole('button', { name: /^A/ }).tap();
  await expect(currentSlide(s2).getByText('A 1표 (100%), B 0표 (0%)')).toBeAttached();
  await s1.getByRole('button', { name: '다음 질문' }).tap();
  await expect(currentSlide(s1).getByText('1명 참여')).toBeVisible();
  await currentSlide(s1).getByRole('button', { name: /^B/ }).tap();
  await expect(currentSlide(s1).getByText('A 1표 (50%), B 1표 (50%)')).toBeAttached();
  await expect(currentSlide(s2).getByText('A 1표 (50%), B 1표 (50%)')).toBeAttached();
  await s1.screenshot({ path: test.info().outputPath('back.png') });
  await api.dispose();
});
