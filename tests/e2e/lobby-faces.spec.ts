import { expect, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { partyOfFour } from './helpers';
import { type NewPhone, test } from './phones';

// Issue 30 §9: the lobby shows who is ready (their face and name), not only how many, live on every phone.

async function lobbyOf(newPhone: NewPhone, student: { username: string; password: string }, partyId: number): Promise<Page> {
  const page = await newPhone(student);
  await page.goto(`/balancewait/${partyId}`);
  await expect(page.getByRole('status')).toHaveText('연결됨');
  return page;
}

/** The names under 대기 중인 참가자, in order. */
const readyNames = (page: Page) => page.getByRole('region', { name: '대기 중인 참가자' }).getByRole('listitem');

test('three phones in one lobby see the faces of who is ready, as they stand by and stand down', async ({ newPhone, request }) => {
  test.setTimeout(600_000); // three phones, each signing in: sized for a busy machine
  // Four fresh students joined and paid, inside the standby window; two on standby of four never starts the game.
  const { partyId, students } = await partyOfFour(request, 'faces', 10 * 60_000);
  const [a, b, c] = students;
  const [pa, pb, pc] = await Promise.all([a, b, c].map((s) => lobbyOf(newPhone, s, partyId)));

  for (const page of [pa, pb, pc]) await expect(page.getByText('아직 대기 중인 참가자가 없어요.')).toBeVisible();

  await pa.getByRole('button', { name: '대기하기' }).tap();
  await expect(readyNames(pa)).toHaveText([`${a.username} (나)`]);
  for (const page of [pb, pc]) await expect(readyNames(page)).toHaveText([a.username]);

  await pb.getByRole('button', { name: '대기하기' }).tap();
  // In the order the seats were taken; each phone marks its own face.
  await expect(readyNames(pc)).toHaveText([a.username, b.username]);
  await expect(readyNames(pa)).toHaveText([`${a.username} (나)`, b.username]);
  await expect(readyNames(pb)).toHaveText([a.username, `${b.username} (나)`]);
  await expect(pc.locator('.lobby-counts__standby')).toHaveText('2명');
  // Each face is a picture (the default one: these students have no photo) beside the name.
  const face = readyNames(pc).first().locator('img');
  await expect.poll(() => face.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await pc.screenshot({ path: test.info().outputPath('lobby-faces.png') });
  await expectAccessible(pc, '/balancewait/{id} with the faces of who is ready');

  await pa.getByRole('button', { name: '대기 취소' }).tap();
  for (const page of [pa, pb, pc]) await expect(readyNames(page)).toHaveCount(1);
  await expect(readyNames(pc)).toHaveText([b.username]);
  await expect(pc.locator('.lobby-counts__standby')).toHaveText('1명');

  // A phone that opens the lobby now reads the same faces at once.
  const late = await lobbyOf(newPhone, students[3], partyId);
  await expect(readyNames(late)).toHaveText([b.username]);
});
