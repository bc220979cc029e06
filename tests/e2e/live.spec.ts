import { expect, type Page } from '@playwright/test';
import { partyOfFour } from './helpers';
import { test } from './phones';

/** The question slide on screen (the others are aria-hidden off to the side). */
const currentSlide = (page: Page) => page.locator('.slider__slide:not([aria-hidden="true"])');

async function goOnStandby(page: Page) {
  await expect(page.getByRole('status')).toHaveText('연결됨');
  await page.getByRole('button', { name: '대기하기' }).tap();
}

test('three students meet in the lobby, land in one game, and see each other’s votes live', async ({ newPhone, request }) => {
  test.setTimeout(600_000); // three phones, each signing in: sized for a busy machine
  // Four fresh students joined and paid, in the standby window: the demo students are in other tests' parties, and
  // the assistant shows a student's soonest party first.
  const { partyId, title, students } = await partyOfFour(request, 'live', 10 * 60_000);

  const [s1, s2, s3] = await Promise.all(students.slice(0, 3).map((s) => newPhone(s)));

  // The first takes the way a student would: the assistant's card, then 대기실 입장.
  await s1.goto('/assist');
  await expect(s1.getByText('파티까지 남은 시간')).toBeVisible();
  const card = s1.getByRole('article', { name: title });
  await expect(card).toBeVisible();
  await s1.screenshot({ path: test.info().outputPath('assist.png') });
  await card.getByRole('button', { name: '대기실 입장' }).tap();
  await expect(s1).toHaveURL(new RegExp(`/balancewait/${partyId}$`));
  await s2.goto(`/balancewait/${partyId}`);
  await s3.goto(`/balancewait/${partyId}`);

  await goOnStandby(s1);
  await expect(s1.getByRole('button', { name: '대기 취소' })).toBeVisible();
  // Everyone in the lobby sees the count move (send_standby_update).
  await expect(s2.locator('.lobby-counts__standby')).toHaveText('1명');
  await goOnStandby(s2);
  await expect(s3.locator('.lobby-counts__standby')).toHaveText('2명');
  await s3.screenshot({ path: test.info().outputPath('lobby.png') });
  // The third of four confirmed participants is more than half: the round is created for all three.
  await goOnStandby(s3);

  for (const page of [s1, s2, s3]) await expect(page).toHaveURL(/\/balancegame\/\d+$/);
  const rounds = new Set([s1, s2, s3].map((p) => new URL(p.url()).pathname));
  expect(rounds.size).toBe(1);

  for (const page of [s1, s2, s3]) {
    await expect(page.getByText('1 / 5')).toBeVisible();
    await expect(currentSlide(page).getByText('0명 참여')).toBeVisible();
  }

  await currentSlide(s1).getByRole('button', { name: /^A/ }).tap();
  await expect(currentSlide(s1).getByText('투표 완료! 실시간 결과를 확인해 보세요.')).toBeVisible();
  await expect(currentSlide(s1).getByText('A 1표 (100%), B 0표 (0%)')).toBeAttached();
  // The others hear the vote, but see which side only once they have voted themselves (issue 30 §6).
  for (const page of [s2, s3]) {
    await expect(currentSlide(page).getByText('1명 참여')).toBeVisible();
    await expect(currentSlide(page).getByText('투표하면 결과가 보여요')).toBeVisible();
    await expect(currentSlide(page).getByText(/A 1표/)).toHaveCount(0);
  }

  await currentSlide(s2).getByRole('button', { name: /^B/ }).tap();
  for (const page of [s1, s2]) {
    await expect(currentSlide(page).getByText('A 1표 (50%), B 1표 (50%)')).toBeAttached();
    await expect(currentSlide(page).getByText('2명 참여')).toBeVisible();
  }
  await expect(currentSlide(s3).getByText('2명 참여')).toBeVisible();
  await expect(currentSlide(s3).getByText('투표하면 결과가 보여요')).toBeVisible();
  await expect(currentSlide(s1).getByRole('button', { name: /^A/ })).toBeDisabled();
  await expect(currentSlide(s1).getByRole('button', { name: /^B/ })).toBeDisabled();

  await s1.waitForTimeout(700); // let the gauge tween settle for the picture
  await s1.screenshot({ path: test.info().outputPath('balance-game.png') });

  // The participants list shows the three on standby as ready; nobody can report themself.
  await s3.goto(`/participants/${partyId}`);
  await expect(s3.getByText('준비 완료')).toHaveCount(3);
  await expect(s3.getByRole('button', { name: '신고 불가' })).toHaveCount(1);
  await expect(s3.getByRole('button', { name: '신고하기' })).toHaveCount(3);
  await s3.screenshot({ path: test.info().outputPath('participants.png') });
});
