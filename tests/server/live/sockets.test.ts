import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStudents, createTestApp, type TestApp } from '../../helpers/test-app';
import { describeEachDb } from '../../helpers/test-db';
import { twoInstancesOnRedis } from '../../helpers/two-instances';
import { openSocket, type TestSocket } from '../../helpers/sockets';
import { paidParty, toggle } from './live-helpers';
import { listenOnLoopback } from '../../helpers/listen';

const listen = (t: TestApp) => listenOnLoopback(t.app, 'ws');
const tokenOf = (s: { auth: { authorization: string } }) => s.auth.authorization.slice('Bearer '.length);

describeEachDb('lobby and game sockets', (kind) => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp({ kind });
    base = await listen(t);
  });
  afterAll(() => t?.close());

  it('sends the standby counts and who is on standby at once, and every update after', async () => {
    const { partyId, students } = await paidParty(t, 3);
    const face = (s: (typeof students)[number]) => ({ id: s.id, username: s.username, profile_image: null });
    const sock = await openSocket(`${base}/ws/party/${partyId}/?token=${tokenOf(students[0])}`);
    const greeting = await sock.waitFor((m) => m.type === 'send_standby_update');
    expect(greeting).toEqual({ type: 'send_standby_update', data: { party_id: partyId, standby_count: 0, participation_count: 3, standby_users: [] } });
    await toggle(t, partyId, students[2].auth);
    await sock.waitFor((m) => m.type === 'send_standby_update' && m.data.standby_count === 1);
    const res = await toggle(t, partyId, students[1].auth);
    // The toggle's answer stays spec §3's standby state; the faces are the socket's addition.
    expect(res.json()).toEqual({ standby_count: 2, participation_count: 3, is_standby: true });
    const update = await sock.waitFor((m) => m.type === 'send_standby_update' && m.data.standby_count === 2);
    // In the order the seats were taken, whoever stood by first.
    expect(update).toEqual({ type: 'send_standby_update', data: { party_id: partyId, standby_count: 2, participation_count: 3, standby_users: [face(students[1]), face(students[2])] } });
    sock.ws.close(1000);
  });

  it('tells the open lobby at once when a seat is paid or a ready student leaves, counts and faces', async () => {
    const { partyId, students } = await paidParty(t, 3, { max: 4 });
    const [me, leaver] = students;
    const sock = await openSocket(`${base}/ws/party/${partyId}/?token=${tokenOf(me)}`);
    await sock.waitFor((m) => m.type === 'send_standby_update');
    await toggle(t, partyId, leaver.auth);
    await sock.waitFor((m) => m.type === 'send_standby_update' && m.data.standby_count === 1);

    // A late student pays in the lobby's window: one more participant, no toggle needed to show it.
    const [late] = await createStudents(t, 1);
    const joined = await t.app.inject({ method: 'POST', url: `/api/reserve/join/${partyId}/`, headers: late.auth });
    await t.app.inject({ method: 'POST', url: `/api/reserve/pay/${joined.json().id}/`, headers: late.auth, payload: { payment_method: 'POINT' } });
    await sock.waitFor((m) => m.type === 'send_standby_update' && m.data.participation_count === 4);

    // The student on standby leaves (no refund this close to the start): their face goes with them.
    expect((await t.app.inject({ method: 'POST', url: `/api/detailview/parties/${partyId}/leave/`, headers: leaver.auth })).statusCode).toBe(200);
    const after = await sock.waitFor((m) => m.type === 'send_standby_update' && m.data.participation_count === 3);
    expect(after.data).toEqual({ party_id: partyId, standby_count: 0, participation_count: 3, standby_users: [] });
    sock.ws.close(1000);
  });

  it('tells the open lobby at once when a paid participant withdraws or is suspended, counts and faces', async () => {
    const { partyId, students } = await paidParty(t, 4);
    const [me, ready, leaving, suspended] = students;
    const sock = await openSocket(`${base}/ws/party/${partyId}/?token=${tokenOf(me)}`);
    await toggle(t, partyId, ready.auth);
    await toggle(t, partyId, leaving.auth);
    await sock.waitFor((m) => m.type === 'send_standby_update' && m.data.standby_count === 2);

    // Closing the account gives the seat back: the lobby loses a participant on standby, face and all.
    expect((await t.app.inject({ method: 'POST', url: '/api/mypage/withdraw/', headers: leaving.auth, payload: {} })).statusCode).toBe(200);
    const afterWithdrawal = await sock.waitFor((m) => m.type === 'send_standby_update' && m.data.participation_count === 3);
    expect(afterWithdrawal.data).toEqual({ party_id: partyId, standby_count: 1, participation_count: 3, standby_users: [{ id: ready.id, username: ready.username, profile_image: null }] });

    // An operator suspends another participant: their seat goes too.
    const res = await t.app.inject({ method: 'POST', url: `/api/ops/users/${suspended.id}/suspension/`, headers: { 'x-ops-token': t.opsToken }, payload: { reason: '노쇼', ends_at: null } });
    expect(res.statusCode, res.body).toBe(201);
    await sock.waitFor((m) => m.type === 'send_standby_update' && m.data.participation_count === 2 && m.data.standby_count === 1);
    sock.ws.close(1000);
  });

  it('announces the game to the lobby, and to a late joiner as soon as it connects', async () => {
    const { partyId, students } = await paidParty(t, 2);
    const early = await openSocket(`${base}/ws/party/${partyId}/?token=${tokenOf(students[0])}`);
    await toggle(t, partyId, students[0].auth);
    await toggle(t, partyId, students[1].auth);
    const created = await early.waitFor((m) => m.type === 'send_game_created');
    const late = await openSocket(`${base}/ws/party/${partyId}/?token=${tokenOf(students[1])}`);
    expect(await late.waitFor((m) => m.type === 'send_game_created')).toEqual(created);
    early.ws.close(1000);
    late.ws.close(1000);
  });

  it('sends vote updates to every socket of the round, and the current counts on connect', async () => {
    const { partyId, students } = await paidParty(t, 2);
    for (const s of students) await toggle(t, partyId, s.auth);
    const lobby = await openSocket(`${base}/ws/party/${partyId}/?token=${tokenOf(students[0])}`);
    const roundId = (await lobby.waitFor((m) => m.type === 'send_game_created')).data.round_id;
    const round = (await t.app.inject({ method: 'GET', url: `/api/v1/game/rounds/${roundId}/`, headers: students[0].auth })).json();
    const q = round.questions[2].id as number;
    const watcher = await openSocket(`${base}/ws/game/round/${roundId}/?token=${tokenOf(students[1])}`);
    await t.app.inject({ method: 'POST', url: `/api/v1/game/questions/${q}/vote/`, headers: students[0].auth, payload: { choice: 'B' } });
    expect(await watcher.waitFor((m) => m.type === 'vote_update' && m.data.question_id === q && m.data.vote_b_count === 1)).toEqual({
      type: 'vote_update',
      data: { question_id: q, vote_a_count: 0, vote_b_count: 1 },
    });
    const rejoin = await openSocket(`${base}/ws/game/round/${roundId}/?token=${tokenOf(students[0])}`);
    await rejoin.waitFor((m) => m.type === 'vote_update' && m.data.question_id === q && m.data.vote_b_count === 1);
    for (const s of [lobby, watcher, rejoin]) s.ws.close(1000);
  });

  it('closes with 4401 for a bad token, 4403 for strangers and foreign origins, 4404 for unknown rounds', async () => {
    const { partyId, students } = await paidParty(t, 2);
    const [stranger] = await createStudents(t, 1);
    expect(await (await openSocket(`${base}/ws/party/${partyId}/?token=garbage`)).closed).toBe(4401);
    expect(await (await openSocket(`${base}/ws/party/${partyId}/`)).closed).toBe(4401);
    expect(await (await openSocket(`${base}/ws/party/${partyId}/?token=${tokenOf(stranger)}`)).closed).toBe(4403);
    const foreign = await openSocket(`${base}/ws/party/${partyId}/?token=${tokenOf(students[0])}`, { origin: 'https://evil.example' });
    expect(await foreign.closed).toBe(4403);
    expect(await (await openSocket(`${base}/ws/game/round/424242/?token=${tokenOf(students[0])}`)).closed).toBe(4404);
    for (const s of students) await toggle(t, partyId, s.auth);
    const lobby = await openSocket(`${base}/ws/party/${partyId}/?token=${tokenOf(students[0])}`);
    const roundId = (await lobby.waitFor((m) => m.type === 'send_game_created')).data.round_id;
    expect(await (await openSocket(`${base}/ws/game/round/${roundId}/?token=${tokenOf(stranger)}`)).closed).toBe(4403);
    lobby.ws.close(1000);
  });

  it('closes with 4404 for a party that does not exist', async () => {
    const [s] = await createStudents(t, 1);
    const sock = await openSocket(`${base}/ws/party/424242/?token=${tokenOf(s)}`);
    expect(await sock.closed).toBe(4404);
    expect(sock.messages).toEqual([]);
  });

  it("a student's sixth socket closes their OLDEST with 4409; the newest always gets in", async () => {
    const { partyId, students } = await paidParty(t, 2);
    const url = `${base}/ws/party/${partyId}/?token=${tokenOf(students[0])}`;
    const first: TestSocket[] = [];
    // One at a time, each admitted (its first message in) before the next: the server's order is ours.
    for (let i = 0; i < 5; i++) {
      const sock = await openSocket(url);
      await sock.waitFor((m) => m.type === 'send_standby_update');
      first.push(sock);
    }
    const sixth = await openSocket(url);
    await sixth.waitFor((m) => m.type === 'send_standby_update');
    expect(await first[0].closed).toBe(4409);
    // Another student's sockets are not counted against this one.
    const other = await openSocket(`${base}/ws/party/${partyId}/?token=${tokenOf(students[1])}`);
    await other.waitFor((m) => m.type === 'send_standby_update');
    // The five that remain (the newest included) still get broadcasts.
    await toggle(t, partyId, students[1].auth);
    for (const sock of [...first.slice(1), sixth]) {
      await sock.waitFor((m) => m.type === 'send_standby_update' && m.data.standby_count === 1);
      expect(sock.ws.readyState).toBe(sock.ws.OPEN);
    }
    // A seventh closes the next oldest, never the newest.
    const seventh = await openSocket(url);
    await seventh.waitFor((m) => m.type === 'send_standby_update');
    expect(await first[1].closed).toBe(4409);
    expect(seventh.ws.readyState).toBe(seventh.ws.OPEN);

    // Closed sockets stop counting: after they are gone, five new ones fit, and a sixth closes the first of them.
    for (const sock of [...first, sixth, seventh, other]) sock.ws.close(1000);
    await expect.poll(() => t.app.websocketServer.clients.size).toBe(0);
    const again: TestSocket[] = [];
    for (let i = 0; i < 6; i++) {
      const sock = await openSocket(url);
      await sock.waitFor((m) => m.type === 'send_standby_update');
      again.push(sock);
    }
    expect(await again[0].closed).toBe(4409);
    for (const sock of again.slice(1)) expect(sock.ws.readyState).toBe(sock.ws.OPEN);
    for (const sock of again) sock.ws.close(1000);
  });

  it('closes sockets with 1001 when the server shuts down', async () => {
    const other = await createTestApp({ kind: 'pglite' });
    const url = await listen(other);
    const { partyId, students } = await paidParty(other, 2);
    const sock = await openSocket(`${url}/ws/party/${partyId}/?token=${tokenOf(students[0])}`);
    await sock.waitFor((m) => m.type === 'send_standby_update');
    await other.close();
    expect(await sock.closed).toBe(1001);
  });
});

describe('sockets per address', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp({ limits: { socketsPerAddress: 3 } });
    base = await listen(t);
  });
  afterAll(() => t?.close());

  it('a socket past the address cap closes that address’s OLDEST with 4429, whoever it belongs to', async () => {
    const { partyId, students } = await paidParty(t, 4);
    const open: TestSocket[] = [];
    for (const s of students) {
      const sock = await openSocket(`${base}/ws/party/${partyId}/?token=${tokenOf(s)}`);
      await sock.waitFor((m) => m.type === 'send_standby_update');
      open.push(sock);
    }
    expect(await open[0].closed).toBe(4429);
    for (const sock of open.slice(1)) expect(sock.ws.readyState).toBe(sock.ws.OPEN);
    // Refused handshakes never count: a bad token does not push anyone out.
    expect(await (await openSocket(`${base}/ws/party/${partyId}/?token=garbage`)).closed).toBe(4401);
    for (const sock of open.slice(1)) expect(sock.ws.readyState).toBe(sock.ws.OPEN);
    for (const sock of open) sock.ws.close(1000);
  });
});

const both = process.env.DATABASE_URL && process.env.REDIS_URL;
(both ? describe : describe.skip)(`two instances sharing PostgreSQL and Redis${both ? '' : ' — skipped: DATABASE_URL and REDIS_URL are not both set'}`, () => {
  const pair = twoInstancesOnRedis();
  let a: TestApp;
  let b: TestApp;
  let urlB: string;
  beforeAll(async () => {
    ({ a, b } = pair);
    urlB = await listen(b);
  });

  it('a vote through instance A reaches a socket on instance B, and the lobby hears standby — with the faces — on either', async () => {
    const { partyId, students } = await paidParty(a, 2);
    const lobbyOnB = await openSocket(`${urlB}/ws/party/${partyId}/?token=${tokenOf(students[0])}`);
    await lobbyOnB.waitFor((m) => m.type === 'send_standby_update');
    await toggle(a, partyId, students[0].auth);
    // Who is on standby is read from the database, not from the instance that took the toggle (issue 30 §9).
    const ready = await lobbyOnB.waitFor((m) => m.type === 'send_standby_update' && m.data.standby_count === 1);
    expect(ready.data.standby_users).toEqual([{ id: students[0].id, username: students[0].username, profile_image: null }]);
    await toggle(a, partyId, students[1].auth);
    const roundId = (await lobbyOnB.waitFor((m) => m.type === 'send_game_created')).data.round_id;

    const round = (await a.app.inject({ method: 'GET', url: `/api/v1/game/rounds/${roundId}/`, headers: students[0].auth })).json();
    const q = round.questions[0].id as number;
    const gameOnB = await openSocket(`${urlB}/ws/game/round/${roundId}/?token=${tokenOf(students[1])}`);
    await gameOnB.waitFor((m) => m.type === 'vote_update' && m.data.question_id === q);
    const voted = await a.app.inject({ method: 'POST', url: `/api/v1/game/questions/${q}/vote/`, headers: students[0].auth, payload: { choice: 'A' } });
    expect(voted.statusCode).toBe(201);
    expect(await gameOnB.waitFor((m) => m.type === 'vote_update' && m.data.question_id === q && m.data.vote_a_count === 1)).toEqual({
      type: 'vote_update',
      data: { question_id: q, vote_a_count: 1, vote_b_count: 0 },
    });
    lobbyOnB.ws.close(1000);
    gameOnB.ws.close(1000);
  });

  it("a password change through instance A closes the student's other sessions' sockets on instance B", async () => {
    const { partyId, students } = await paidParty(a, 2);
    const onB = await openSocket(`${urlB}/ws/party/${partyId}/?token=${tokenOf(students[0])}`);
    await onB.waitFor((m) => m.type === 'send_standby_update');
    const changed = await a.app.inject({
      method: 'POST',
      url: '/api/mypage/profile/',
      headers: students[0].auth,
      payload: { new_password: 'brand-new-pass', new_password2: 'brand-new-pass' },
    });
    expect(changed.statusCode).toBe(200);
    expect(await onB.closed).toBe(4401);
  });

  // Instance B has just let the token in (and remembers the account a few seconds): the withdrawal through A
  // reaches it over the bus, and the token stops there too.
  it("a withdrawal through instance A stops the student's token on instance B, which had just let it in", async () => {
    const [student, other] = await createStudents(a, 2);
    expect((await b.app.inject({ method: 'GET', url: '/api/mypage/main/', headers: student.auth })).statusCode).toBe(200);
    expect((await b.app.inject({ method: 'GET', url: '/api/mypage/main/', headers: other.auth })).statusCode).toBe(200);
    const gone = await a.app.inject({ method: 'POST', url: '/api/mypage/withdraw/', headers: student.auth, payload: {} });
    expect(gone.statusCode).toBe(200);
    expect((await a.app.inject({ method: 'GET', url: '/api/mypage/main/', headers: student.auth })).statusCode).toBe(401);
    await expect.poll(async () => (await b.app.inject({ method: 'GET', url: '/api/mypage/main/', headers: student.auth })).statusCode).toBe(401);
    expect((await b.app.inject({ method: 'GET', url: '/api/mypage/main/', headers: other.auth })).statusCode).toBe(200);
  });
});
