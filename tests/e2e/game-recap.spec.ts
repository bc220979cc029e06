import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './axe';
import { login, partyOfFour, standbyViaApi } from './helpers';
import { tapTargetsOffenders } from './tap-probe';

/** The question slide on screen (the others are aria-hidden off to the side). */
const currentSlide = (page: Page) => page.locator('.slider__slide:not([aria-hidden="true"])');

interface ProbeResult {
  frames: number;
  /** Frames in which the growing A bar's end was inside the label: part of it on the bar, part on the track. */
  midGrow: number;
  /** Pure white label pixels seen where the track (no bar) was under them: the bug this guards against. */
  whiteOnTrack: number;
  /** Dark label pixels seen on the track: the label is there, readable, before the bar reaches it. */
  darkOnTrack: number;
}

/**
 * Watches the current question's gauge canvas every frame while the A bar grows in, looking at the box where A's
 * label sits (x 14–64, the text's rows), until the picture has stood still for 30 frames. The page's clock must be
 * paused (page.clock.pauseAt): the answer's function moves it frame by frame.
 */
async function startGaugeProbe(page: Page) {
  await page.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('.slider__slide:not([aria-hidden="true"]) .gauge__canvas canvas')!;
    const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
    const k = canvas.width / canvas.clientWidth;
    const result = { frames: 0, midGrow: 0, whiteOnTrack: 0, darkOnTrack: 0, done: false };
    (window as unknown as { gaugeProbe: typeof result }).gaugeProbe = result;
    const px = (data: Uint8ClampedArray, i: number) => [data[i], data[i + 1], data[i + 2]];
    const isTrack = ([r, g, b]: number[]) => Math.abs(r - 0xef) < 4 && Math.abs(g - 0xef) < 4 && Math.abs(b - 0xf4) < 4;
    let last = '';
    let still = 0;
    let changed = false;
    const frame = () => {
      const x0 = Math.round(14 * k);
      const w = Math.round(50 * k);
      // Row 10 is above the glyphs and below the bars' rounded corners: it tells bar from track at each column.
      const ref = ctx.getImageData(x0 - 1, Math.round(10 * k), w + 2, 1).data;
      const box = ctx.getImageData(x0, Math.round(13 * k), w, Math.round(18 * k));
      const trackAt = (col: number) => isTrack(px(ref, col * 4)) && isTrack(px(ref, (col + 1) * 4)) && isTrack(px(ref, (col + 2) * 4));
      let trackCols = 0;
      for (let col = 0; col < w; col++) {
        const track = trackAt(col);
        if (track) trackCols += 1;
        for (let row = 0; row < box.height; row++) {
          const [r, g, b] = px(box.data, (row * w + col) * 4);
          if (!track) continue;
          if (r >= 250 && g >= 250 && b >= 250) result.whiteOnTrack += 1;
          if (r + g + b < 400) result.darkOnTrack += 1;
        }
      }
      result.frames += 1;
      if (trackCols > 0 && trackCols < w - 2) result.midGrow += 1;
      const signature = Array.from(ref).join(',');
      if (last && signature !== last) changed = true;
      still = signature === last ? still + 1 : 0;
      last = signature;
      if (changed && still >= 30) result.done = true;
      else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  // Frames come from the page's clock, moved 16 ms at a time, and not from the machine's: in real time a busy
  // machine draws few frames of the 0.5 s tween (seen in CI: none while the bar's end crossed the label).
  return async (): Promise<ProbeResult> => {
    const done = () => page.evaluate(() => (window as unknown as { gaugeProbe: { done: boolean } }).gaugeProbe.done);
    // The tween and the 30 still frames after it take about 60; the cap only ends a probe that never would.
    for (let frame = 0; !(await done()); frame += 1) {
      expect(frame, 'frames before the gauge stood still').toBeLessThan(300);
      await page.clock.runFor(16);
    }
    return page.evaluate(() => (window as unknown as { gaugeProbe: ProbeResult }).gaugeProbe);
  };
}

test('a student votes, sees their side marked (also after a reload), gets the recap and goes back to the assistant', async ({ page, request }) => {
  // The page's clock runs as the machine's until the gauge is probed, which holds it and moves it frame by frame.
  await page.clock.install();
  // Ten minutes ahead: inside the standby window, so three on standby create the round.
  const { partyId, students, tokens } = await partyOfFour(request, 'game', 10 * 60_000);
  for (const token of tokens.slice(0, 3)) await standbyViaApi(request, token, partyId);

  await login(page, students[0].username, students[0].password);
  await page.goto(`/balancewait/${partyId}`);
  await expect(page).toHaveURL(/\/balancegame\/\d+$/);
  const roundId = Number(new URL(page.url()).pathname.split('/').pop());
  await expect(page.getByText('1 / 5')).toBeVisible();

  // Another student's votes on questions 2 and 3, through the API.
  const other = { Authorization: `Bearer ${tokens[1]}` };
  const round = (await (await request.get(`/api/v1/game/rounds/${roundId}/`, { headers: other })).json()) as { questions: { id: number }[] };
  for (const [i, choice] of [[1, 'B'], [2, 'A']] as const) {
    const res = await request.post(`/api/v1/game/questions/${round.questions[i].id}/vote/`, { headers: other, data: { choice } });
    expect(res.status()).toBe(201);
  }

  // Question 1: no results before my vote (issue 30 §6); my vote brings the gauge in, and A's bar grows from nothing
  // under its "100%" label, frame by frame.
  await expect(currentSlide(page).getByText('투표하면 결과가 보여요')).toBeVisible();
  await expect(currentSlide(page).locator('.gauge__canvas canvas')).toHaveCount(0);
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
  const a = currentSlide(page).getByRole('button', { name: /^A/ });
  const b = currentSlide(page).getByRole('button', { name: /^B/ });
  await a.tap();
  // The gauge is in with the count; the page's clock holds its tween at the start until the probe moves it.
  await expect(currentSlide(page).getByText('1명 참여')).toBeVisible();
  await expect(currentSlide(page).locator('.gauge__canvas canvas')).toBeAttached();
  const probe = await startGaugeProbe(page);
  const seen = await probe();
  await page.clock.resume();
  expect(seen.midGrow, JSON.stringify(seen)).toBeGreaterThan(0);
  expect(seen.darkOnTrack, JSON.stringify(seen)).toBeGreaterThan(0);
  expect(seen.whiteOnTrack, JSON.stringify(seen)).toBe(0);

  await expect(a).toHaveAttribute('aria-pressed', 'true');
  await expect(a).toContainText('내 선택');
  await expect(b).toHaveAttribute('aria-pressed', 'false');
  await expect(currentSlide(page).getByText('투표 완료! 실시간 결과를 확인해 보세요.')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('my-choice.png') });

  // A reload mid-round comes back where I left off (question 2), and keeps the mark: the round's answer says
  // which side was mine.
  await page.reload();
  await expect(page.getByText('2 / 5')).toBeVisible();
  await page.getByRole('button', { name: '이전 질문' }).tap();
  await expect(page.getByText('1 / 5')).toBeVisible();
  await expect(currentSlide(page).getByRole('button', { name: /^A/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(currentSlide(page).getByRole('button', { name: /^B/ })).toBeDisabled();

  // Questions 2–5: B each time; the last vote ends the round and brings up the recap.
  for (let n = 2; n <= 5; n++) {
    await page.getByRole('button', { name: '다음 질문' }).tap();
    await expect(page.getByText(`${n} / 5`)).toBeVisible();
    const choice = currentSlide(page).getByRole('button', { name: /^B/ });
    await choice.tap();
    if (n < 5) await expect(choice).toHaveAttribute('aria-pressed', 'true');
  }

  await expect(page.getByRole('heading', { name: '게임 결과' })).toBeVisible();
  await expect(page.getByText('5개 질문 중 5개에 투표했어요.')).toBeVisible();
  const items = page.getByRole('list', { name: '질문별 결과' }).getByRole('listitem');
  await expect(items).toHaveCount(5);
  await expect(items.nth(0).locator('.recap__side--a')).toContainText('내 선택');
  await expect(items.nth(0).locator('.recap__side--a')).toContainText('100%');
  await expect(items.nth(0)).toContainText('1명 참여');
  // Said by how many have voted so far: one vote (mine) is no majority.
  await expect(items.nth(0)).toContainText('아직 나만 투표했어요.');
  await expect(items.nth(1).locator('.recap__side--b')).toContainText('내 선택');
  await expect(items.nth(1)).toContainText('2명 중 2명이 나와 같은 선택이에요.');
  await expect(items.nth(2)).toContainText('2명 중 1명이 나와 같은 선택이에요.');
  await expect(items.nth(2).locator('.recap__side--a')).toContainText('50%');
  await expect(items.nth(3)).toContainText('아직 나만 투표했어요.');
  await expect(page.getByText(/다수 의견/)).toHaveCount(0);
  for (let i = 0; i < 5; i++) await expect(items.nth(i).locator('.recap__mine')).toHaveCount(1);
  await page.screenshot({ path: test.info().outputPath('recap.png'), fullPage: true });
  await expectAccessible(page, 'the game recap');
  expect(await tapTargetsOffenders(page)).toEqual([]);

  await page.getByRole('link', { name: '파티비서로 가기' }).tap();
  await expect(page).toHaveURL(/\/assist$/);
});
