import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSocket, type TestSocket } from '../../helpers/sockets';
import { createStudents, type TestApp } from '../../helpers/test-app';
import { listenOnLoopback } from '../../helpers/listen';
import { paidOnTwoDevices, paidParty, toggle } from '../live/live-helpers';
import { crashRecorder } from './proxied-database';
import { twoInstancesBehindRedisProxy } from './proxied-redis';

const ready = process.env.DATABASE_URL && process.env.REDIS_URL;
type Student = { id: number; username: string; auth: { authorization: string } };
const tokenOf = (s: Student) => s.auth.authorization.slice('Bearer '.length);
const face = (s: Student) => ({ id: s.id, username: s.username, profile_image: null });

// redis-outage.test.ts and redis-blackhole.test.ts hold that a lobby stays live on its own instance while Redis is
// away, and that events fan out again once it is back. What was broadcast in between never crossed: these hold that
// the other instance's lobbies and games catch up on it by themselves, and that a payment and a paid leave, whose
// lobby announcement goes through the same bus, answer what they did while it is away.

/** Two lobby sockets of one party in its standby window, one on each instance, and the ways to reach them. */
function lobbyOnEachInstance(pair: { a: TestApp; b: TestApp }) {
  const recorder = crashRecorder();
  const bases = { a: '', b: '' };
  beforeAll(async () => {
    recorder.start();
    bases.a = await listenOnLoopback(pair.a.app, 'ws');
    bases.b = await listenOnLoopback(pair.b.app, 'ws');
  });
  afterAll(() => recorder.stop());
  return { recorder, bases };
}

const readyz = async (t: TestApp) => (await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode;
const post = (t: TestApp, url: string, s: Student, payload?: object) => t.app.inject({ method: 'POST', url, headers: s.auth, payload });
const lastStandby = (sock: TestSocket) => sock.messages.filter((m) => m.type === 'send_standby_update').at(-1)?.data;

/**
 * While `away` holds (Redis out of reach of instance A at least), two late students pay and a student on standby
 * leaves, all through A: each answers as usual and in time, and A's lobby hears it at once. Then `back`, and
 * nothing else happens in the party: B's lobby must come up to date on its own.
 */
async function payAndLeaveWhileAway(pair: { a: TestApp; b: TestApp }, env: ReturnType<typeof lobbyOnEachInstance>, away: () => unknown, back: () => unknown) {
  const { a, b } = pair;
  await expect.poll(() => readyz(b), { timeout: 20_000 }).toBe(200);
  await expect.poll(() => readyz(a), { timeout: 20_000 }).toBe(200);
  const { partyId, students } = await paidParty(a, 3, { max: 6 });
  const onA = await openSocket(`${env.bases.a}/ws/party/${partyId}/?token=${tokenOf(students[0])}`);
  const onB = await openSocket(`${env.bases.b}/ws/party/${partyId}/?token=${tokenOf(students[1])}`);
  const leaver = students[2];
  expect((await toggle(a, partyId, leaver.auth)).statusCode).toBe(200);
  // Before the fault B hears A's changes through Redis.
  await onB.waitFor((m) => m.type === 'send_standby_update' && m.data.standby_count === 1);
  const late = await createStudents(a, 2);
  const seats = await Promise.all(late.map(async (s) => (await post(a, `/api/reserve/join/${partyId}/`, s)).json().id as number));

  await away();
  for (const [i, s] of late.entries()) {
    const started = Date.now();
    const paid = await post(a, `/api/reserve/pay/${seats[i]}/`, s, { payment_method: 'POINT' });
    expect([paid.statusCode, paid.json()]).toEqual([200, { remaining_points: 9000, amount: 1000 }]);
    expect(Date.now() - started).toBeLessThan(5_000);
  }
  const left = await post(a, `/api/detailview/parties/${partyId}/leave/`, leaver);
  expect([left.statusCode, left.json()]).toEqual([200, { status: 'cancelled', refunded: 0 }]);
  // A's own lobby hears it at once: two more paid, the one on standby gone with their face.
  const now = { party_id: partyId, standby_count: 0, participation_count: 4, standby_users: [] };
  await expect.poll(() => lastStandby(onA)).toEqual(now);
  expect(lastStandby(onB)).toEqual({ party_id: partyId, standby_count: 1, participation_count: 3, standby_users: [face(leaver)] });
  expect(env.recorder.crashes).toEqual([]);

  await back();
  await expect.poll(() => lastStandby(onB), { timeout: 20_000 }).toEqual(now);
  onA.ws.close(1000);
  onB.ws.close(1000);
  expect(env.recorder.crashes).toEqual([]);
}

(ready ? describe : describe.skip)(`what an instance missed while Redis was away${ready ? '' : ' — skipped: DATABASE_URL and REDIS_URL are not both set'}`, () => {
  const pair = twoInstancesBehindRedisProxy('catch-up');
  const env = lobbyOnEachInstance(pair);

  it('Redis goes away while a payment and a paid leave go through instance A: both answer as usual, and the lobby on instance B catches up once Redis is back', () =>
    payAndLeaveWhileAway(pair, env, () => pair.proxy.cut(), () => pair.proxy.start()));

  it('Redis goes silent while a payment and a paid leave go through instance A: both answer within 5 s, and the lobby on instance B catches up once Redis answers', () =>
    payAndLeaveWhileAway(pair, env, () => pair.proxy.blackhole(), () => pair.proxy.restore()));

  it('a game started and voted in through instance A while Redis is away reaches the lobby and the game on instance B once it is back', async () => {
    const { a, b } = pair;
    await expect.poll(() => readyz(b), { timeout: 20_000 }).toBe(200);
    await expect.poll(() => readyz(a), { timeout: 20_000 }).toBe(200);
    const { partyId, students } = await paidParty(a, 2);
    const lobbyOnA = await openSocket(`${env.bases.a}/ws/party/${partyId}/?token=${tokenOf(students[0])}`);
    const lobbyOnB = await openSocket(`${env.bases.b}/ws/party/${partyId}/?token=${tokenOf(students[1])}`);
    await lobbyOnB.waitFor((m) => m.type === 'send_standby_update');

    await pair.proxy.cut();
    await expect.poll(async () => (await a.app.inject({ method: 'GET', url: '/readyz' })).json().checks.events).toBe('redis unreachable');
    // Both stand by through A: the game starts, and A's lobby hears it.
    for (const s of students) expect((await toggle(a, partyId, s.auth)).statusCode).toBe(200);
    const roundId = (await lobbyOnA.waitFor((m) => m.type === 'send_game_created')).data.round_id;
    // A student on B opens the game (its state is read from the database) and another votes through A.
    const gameOnB = await openSocket(`${env.bases.b}/ws/game/round/${roundId}/?token=${tokenOf(students[1])}`);
    const q = (await gameOnB.waitFor((m) => m.type === 'vote_update')).data.question_id;
    const voted = await a.app.inject({ method: 'POST', url: `/api/v1/game/questions/${q}/vote/`, headers: students[0].auth, payload: { choice: 'A' } });
    expect(voted.statusCode).toBe(201);
    expect(lobbyOnB.messages.some((m) => m.type === 'send_game_created')).toBe(false);

    await pair.proxy.start();
    // Nothing else happens: B's lobby learns the game started, and B's game socket the vote.
    const caughtUp = async () => ({
      game: lobbyOnB.messages.find((m) => m.type === 'send_game_created')?.data,
      vote: gameOnB.messages.filter((m) => m.type === 'vote_update' && m.data.question_id === q).at(-1)?.data,
    });
    await expect.poll(caughtUp, { timeout: 20_000 }).toEqual({ game: { round_id: roundId }, vote: { question_id: q, vote_a_count: 1, vote_b_count: 0 } });
    for (const sock of [lobbyOnA, lobbyOnB, gameOnB]) sock.ws.close(1000);
    expect(env.recorder.crashes).toEqual([]);
  });

  it("a student logs out one device through instance A while Redis is away: that sign-in's lobby socket on instance B closes once Redis is back, the other device's stays", () =>
    logoutWhileAway(pair, env, () => pair.proxy.cut(), () => pair.proxy.start()));
});

/**
 * While `away` holds, a student logs out one device through instance A, whose word to the others (the bus) is lost.
 * Once `back`, that sign-in's lobby socket on instance B is closed as the word would have closed it; the other
 * device's stays open.
 */
async function logoutWhileAway(pair: { a: TestApp; b: TestApp }, env: ReturnType<typeof lobbyOnEachInstance>, away: () => unknown, back: () => unknown) {
  const { a, b } = pair;
  await expect.poll(() => readyz(b), { timeout: 20_000 }).toBe(200);
  await expect.poll(() => readyz(a), { timeout: 20_000 }).toBe(200);
  const { phone, laptop, partyId } = await paidOnTwoDevices(a);
  const phoneOnB = await openSocket(`${env.bases.b}/ws/party/${partyId}/?token=${phone.access}`);
  const laptopOnB = await openSocket(`${env.bases.b}/ws/party/${partyId}/?token=${laptop.access}`);
  await Promise.all([phoneOnB, laptopOnB].map((socket) => socket.waitFor((m) => m.type === 'send_standby_update')));

  await away();
  const out = await a.app.inject({ method: 'POST', url: '/api/signup/auth/logout/', payload: { refresh: phone.refresh } });
  expect(out.statusCode).toBe(204);
  expect(phoneOnB.ws.readyState).toBe(phoneOnB.ws.OPEN);

  await back();
  expect(await phoneOnB.closed).toBe(4401);
  expect(laptopOnB.ws.readyState).toBe(laptopOnB.ws.OPEN);
  laptopOnB.ws.close(1000);
  expect(env.recorder.crashes).toEqual([]);
}

(ready ? describe : describe.skip)(`what an instance missed while it alone lost Redis${ready ? '' : ' — skipped: DATABASE_URL and REDIS_URL are not both set'}`, () => {
  const pair = twoInstancesBehindRedisProxy('catch-up-apart', { apart: true });
  const env = lobbyOnEachInstance(pair);

  // B never lost Redis and cannot know it missed anything: A, once back, asks it to catch up.
  it('instance A alone loses Redis while a payment and a paid leave go through it: the lobby on instance B, which kept Redis, catches up once A is back', () =>
    payAndLeaveWhileAway(pair, env, () => pair.proxy.cut(), () => pair.proxy.start()));

  it("instance A alone loses Redis while a student logs out one device through it: that sign-in's lobby socket on instance B, which kept Redis, closes once A is back", () =>
    logoutWhileAway(pair, env, () => pair.proxy.cut(), () => pair.proxy.start()));
});
