import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_MESSAGES as M } from '../../../src/shared/api-messages';
import { REFRESH_TOKEN_TTL_S } from '../../../src/shared/constants';
import { openSocket } from '../../helpers/sockets';
import { listenOnLoopback } from '../../helpers/listen';
import { bearer, createParty, createStudent, createTestApp, loginAs, type TestApp } from '../../helpers/test-app';
import { describeEachDb } from '../../helpers/test-db';
import { twoInstancesOnRedis } from '../../helpers/two-instances';
import { paidOnTwoDevices } from '../live/live-helpers';

const LOGOUT = '/api/signup/auth/logout/';
const REFRESH = '/api/signup/auth/refresh/';
const MAIN = '/api/mypage/main/';

const logout = (t: TestApp, refresh: unknown) => t.app.inject({ method: 'POST', url: LOGOUT, payload: { refresh } });
const refresh = (t: TestApp, token: string) => t.app.inject({ method: 'POST', url: REFRESH, payload: { refresh: token } });
const main = async (t: TestApp, access: string) => (await t.app.inject({ method: 'GET', url: MAIN, headers: bearer(access) })).statusCode;

describeEachDb('logout ends the sign-in on the server', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // Twelve sign-ins of one account at once below: each counts against the account's allowance until its
    // password has been checked (auth/lockout-rules.ts), and the default lets ten through together.
    t = await createTestApp({ kind, limits: { loginFailuresPerAccount: 20 } });
  });
  afterAll(() => t?.close());

  it("ends this sign-in: its refresh token and its access token are refused at once; another device's sign-in goes on", async () => {
    const s = await createStudent(t);
    const phone = await loginAs(t, s.username);
    const laptop = await loginAs(t, s.username);
    // Read once, so the instance remembers the sign-in as live: the logout must not wait for that to expire.
    expect(await main(t, phone.access)).toBe(200);

    const out = await logout(t, phone.refresh);
    expect(out.statusCode).toBe(204);
    expect(out.body).toBe('');

    const refused = await refresh(t, phone.refresh);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ detail: M.refreshInvalid });
    const stopped = await t.app.inject({ method: 'GET', url: MAIN, headers: bearer(phone.access) });
    expect(stopped.statusCode).toBe(401);
    expect(stopped.json()).toEqual({ detail: M.tokenInvalid });

    expect(await main(t, laptop.access)).toBe(200);
    const renewed = await refresh(t, laptop.refresh);
    expect(renewed.statusCode).toBe(200);
    expect(await main(t, renewed.json().access)).toBe(200);
  });

  it('ends the whole chain of the sign-in: every access token it was given, and the refresh token after a rotation', async () => {
    const s = await createStudent(t);
    const first = await loginAs(t, s.username);
    const rotated = (await refresh(t, first.refresh)).json() as { access: string; refresh: string };
    expect([await main(t, first.access), await main(t, rotated.access)]).toEqual([200, 200]);

    expect((await logout(t, rotated.refresh)).statusCode).toBe(204);
    expect([await main(t, first.access), await main(t, rotated.access)]).toEqual([401, 401]);
    expect((await refresh(t, rotated.refresh)).statusCode).toBe(401);
  });

  it('answers a logout that worked to a second logout, an expired, an unknown and an already ended token; a token is required', async () => {
    const s = await createStudent(t);
    const once = await loginAs(t, s.username);
    expect((await logout(t, once.refresh)).statusCode).toBe(204);
    expect((await logout(t, once.refresh)).statusCode).toBe(204);

    const old = await loginAs(t, s.username);
    t.clock.advance(REFRESH_TOKEN_TTL_S * 1000 + 60_000);
    expect((await logout(t, old.refresh)).statusCode).toBe(204);
    expect((await refresh(t, old.refresh)).statusCode).toBe(401);

    expect((await logout(t, 'never-issued-by-us')).statusCode).toBe(204);

    const missing = await t.app.inject({ method: 'POST', url: LOGOUT, payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ refresh: [M.required] });
    expect((await logout(t, '')).statusCode).toBe(400);
  });

  it('stops personalising the public party page for the logged-out token: it sees the guest view', async () => {
    const s = await createStudent(t);
    const session = await loginAs(t, s.username);
    const partyId = await createParty(t);
    expect((await t.app.inject({ method: 'POST', url: `/api/reserve/join/${partyId}/`, headers: bearer(session.access) })).statusCode).toBe(201);
    const page = async () => (await t.app.inject({ method: 'GET', url: `/api/detailview/parties/${partyId}/`, headers: bearer(session.access) })).json().my_participation;
    expect(await page()).not.toBeNull();
    expect((await logout(t, session.refresh)).statusCode).toBe(204);
    expect(await page()).toBeNull();
  });

  // On PostgreSQL the refresh and the logout really run at once: a rotation the logout did not see would hand out a
  // refresh token (and an access token) of the ended sign-in.
  it('a logout racing a refresh of the same sign-in leaves nothing of it alive', async () => {
    const s = await createStudent(t);
    const sessions = await Promise.all(Array.from({ length: 12 }, () => loginAs(t, s.username)));
    const raced = await Promise.all(sessions.map((session) => Promise.all([refresh(t, session.refresh), logout(t, session.refresh)])));
    for (const [rotation, out] of raced) {
      expect(out.statusCode).toBe(204);
      if (rotation.statusCode !== 200) continue;
      const pair = rotation.json() as { access: string; refresh: string };
      expect(await main(t, pair.access)).toBe(401);
      expect((await refresh(t, pair.refresh)).statusCode).toBe(401);
    }
    for (const session of sessions) expect(await main(t, session.access)).toBe(401);
  });
});

const both = process.env.DATABASE_URL && process.env.REDIS_URL;
(both ? describe : describe.skip)(`logout on one of two instances sharing PostgreSQL and Redis${both ? '' : ' — skipped: DATABASE_URL and REDIS_URL are not both set'}`, () => {
  const pair = twoInstancesOnRedis();
  let a: TestApp;
  let b: TestApp;
  let wsB: string;
  beforeAll(async () => {
    ({ a, b } = pair);
    wsB = await listenOnLoopback(b.app, 'ws');
  });

  it("a logout through instance A stops the sign-in's access token on instance B at once and closes its socket there; another device goes on", async () => {
    const { phone, laptop, partyId } = await paidOnTwoDevices(a);

    // B has just let both sign-ins in, so it remembers them as live for a few seconds.
    expect([await main(b, phone.access), await main(b, laptop.access)]).toEqual([200, 200]);
    const phoneSocket = await openSocket(`${wsB}/ws/party/${partyId}/?token=${phone.access}`);
    const laptopSocket = await openSocket(`${wsB}/ws/party/${partyId}/?token=${laptop.access}`);
    await Promise.all([phoneSocket, laptopSocket].map((socket) => socket.waitFor((m) => m.type === 'send_standby_update')));

    expect((await logout(a, phone.refresh)).statusCode).toBe(204);
    // B heard it: the socket of that sign-in closes, and B forgot the sign-in in the same step. So one request
    // after it is refused, long before what B remembered would have expired.
    expect(await phoneSocket.closed).toBe(4401);
    expect(await main(b, phone.access)).toBe(401);
    expect((await refresh(b, phone.refresh)).statusCode).toBe(401);

    expect(await main(b, laptop.access)).toBe(200);
    expect(laptopSocket.ws.readyState).toBe(laptopSocket.ws.OPEN);
    laptopSocket.ws.close(1000);
  });
});
