import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createLocalBus, type EventBus } from '../../../src/server/realtime/bus';
import { bearer, createTestApp, type TestApp, tokenFor } from '../../helpers/test-app';
import { describeEachDb } from '../../helpers/test-db';
import { openSocket, type TestSocket } from '../../helpers/sockets';
import { paidParty, toggle } from '../live/live-helpers';
import { listenOnLoopback } from '../../helpers/listen';

/**
 * Abuse of the lobby and game sockets: bad tokens, other parties' rounds, ids that do not fit, oversized and
 * garbage frames, and a storm of 1,000 connections opened and dropped at once. Afterwards the server still answers,
 * a fresh socket still gets its broadcasts, and the hub holds nothing for the sockets that went away.
 */

/** The in-process bus, counting live subscriptions per channel: the hub subscribes while it holds a channel's sockets. */
function countingBus(): { bus: EventBus; active: Map<string, number> } {
  const inner = createLocalBus();
  const active = new Map<string, number>();
  return {
    active,
    bus: {
      ...inner,
      async subscribe(channel, handler) {
        const off = await inner.subscribe(channel, handler);
        active.set(channel, (active.get(channel) ?? 0) + 1);
        let done = false;
        return async () => {
          if (!done) active.set(channel, (active.get(channel) ?? 1) - 1);
          done = true;
          await off();
        };
      },
    },
  };
}

const tokenOf = (auth: { authorization: string }) => auth.authorization.slice('Bearer '.length);

/** The close code if the server closes the socket within `ms`, else 'still open' (and the socket is closed here). */
async function closeCode(sock: TestSocket, ms = 3_000): Promise<number | 'still open'> {
  const result = await Promise.race([sock.closed, new Promise<'still open'>((r) => setTimeout(() => r('still open'), ms))]);
  if (result === 'still open') sock.ws.terminate();
  return result;
}

/** Sends a ping and resolves with the pong: every frame sent before it has been read by the server. */
function pingAnswered(sock: TestSocket): Promise<void> {
  const answered = new Promise<void>((resolve) => sock.ws.once('pong', () => resolve()));
  sock.ws.ping();
  return answered;
}

/** Polls until `check` holds or `ms` pass; returns whether it held (waiting, not timing: nothing is asserted on speed). */
async function eventually(check: () => boolean | Promise<boolean>, ms = 15_000): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return check();
}

describeEachDb('socket abuse', (kind) => {
  let t: TestApp;
  let base: string;
  let active: Map<string, number>;
  const unhandled: unknown[] = [];
  const collect = (err: unknown) => unhandled.push(err);

  beforeAll(async () => {
    const counting = countingBus();
    active = counting.active;
    t = await createTestApp({ kind, bus: counting.bus });
    base = await listenOnLoopback(t.app, 'ws');
    process.on('unhandledRejection', collect);
    process.on('uncaughtException', collect);
  });
  afterAll(async () => {
    process.off('unhandledRejection', collect);
    process.off('uncaughtException', collect);
    await t?.close();
  });

  it('closes with 4401 for a missing, garbage, forged or expired token', async () => {
    const { partyId, students } = await paidParty(t, 2);
    const real = tokenOf(students[0].auth);
    const [h, p] = real.split('.');
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    for (const token of ['', 'garbage', `${none}.${p}.`, `${h}.${p}.${'A'.repeat(43)}`, `${real}x`]) {
      const sock = await openSocket(`${base}/ws/party/${partyId}/?token=${encodeURIComponent(token)}`);
      expect(await closeCode(sock), token.slice(0, 30)).toBe(4401);
      expect(sock.messages).toEqual([]);
    }
    const stale = await tokenFor(t, students[1].id);
    t.clock.advance(31 * 60_000);
    try {
      expect(await closeCode(await openSocket(`${base}/ws/party/${partyId}/?token=${stale}`))).toBe(4401);
    } finally {
      t.clock.advance(-31 * 60_000);
    }
  });

  it("closes with 4403 for another party's lobby and another party's round", async () => {
    const a = await paidParty(t, 2);
    const b = await paidParty(t, 2);
    for (const s of b.students) await toggle(t, b.partyId, s.auth);
    const bLobby = await openSocket(`${base}/ws/party/${b.partyId}/?token=${tokenOf(b.students[0].auth)}`);
    const roundB = (await bLobby.waitFor((m) => m.type === 'send_game_created')).data.round_id;
    const outsider = tokenOf(a.students[0].auth);
    const lobby = await openSocket(`${base}/ws/party/${b.partyId}/?token=${outsider}`);
    expect(await closeCode(lobby)).toBe(4403);
    const round = await openSocket(`${base}/ws/game/round/${roundB}/?token=${outsider}`);
    expect(await closeCode(round)).toBe(4403);
    expect([...lobby.messages, ...round.messages]).toEqual([]);
    bLobby.ws.close(1000);
  });

  it('closes with 4404 for ids that are not numbers, do not exist, or do not fit an integer', async () => {
    const { students } = await paidParty(t, 2);
    const token = tokenOf(students[0].auth);
    const got: Record<string, number | 'still open'> = {};
    for (const path of ['/ws/party/abc/', '/ws/party/0/', '/ws/party/424242/', '/ws/party/9999999999/', '/ws/game/round/-1/', '/ws/game/round/9999999999/']) {
      got[path] = await closeCode(await openSocket(`${base}${path}?token=${token}`));
    }
    expect(got).toEqual({
      '/ws/party/abc/': 4404,
      '/ws/party/0/': 4404,
      '/ws/party/424242/': 4404,
      '/ws/party/9999999999/': 4404,
      '/ws/game/round/-1/': 4404,
      '/ws/game/round/9999999999/': 4404,
    });
  });

  it('closes a socket that sends a frame over 4 KB with 1009 and keeps serving everyone else', async () => {
    const { partyId, students } = await paidParty(t, 3);
    const abuser = await openSocket(`${base}/ws/party/${partyId}/?token=${tokenOf(students[0].auth)}`);
    const bystander = await openSocket(`${base}/ws/party/${partyId}/?token=${tokenOf(students[1].auth)}`);
    await abuser.waitFor((m) => m.type === 'send_standby_update');
    abuser.ws.send('x'.repeat(5 * 1024));
    expect(await closeCode(abuser)).toBe(1009);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    await toggle(t, partyId, students[2].auth);
    await bystander.waitFor((m) => m.type === 'send_standby_update' && m.data.standby_count === 1);
    expect(bystander.ws.readyState).toBe(WebSocket.OPEN);
    bystander.ws.close(1000);
  });

  // Issue 32 §6: 2,000 frames of 4 KB were taken on one socket without a close. Each socket now has a bucket of 40
  // frames refilled at 20 a second on the app's clock, which stands still here unless a test moves it.
  it('closes a socket that floods 2,000 frames of 4 KB with 4420, lobby or game, and keeps serving everyone else', async () => {
    const { partyId, students } = await paidParty(t, 3);
    for (const s of students.slice(0, 2)) await toggle(t, partyId, s.auth);
    const bystander = await openSocket(`${base}/ws/party/${partyId}/?token=${tokenOf(students[2].auth)}`);
    const roundId = (await bystander.waitFor((m) => m.type === 'send_game_created')).data.round_id;
    for (const path of [`/ws/party/${partyId}/`, `/ws/game/round/${roundId}/`]) {
      const flooder = await openSocket(`${base}${path}?token=${tokenOf(students[0].auth)}`);
      await flooder.waitFor(() => true);
      const frame = 'x'.repeat(4_000);
      for (let i = 0; i < 2_000 && flooder.ws.readyState === WebSocket.OPEN; i += 1) flooder.ws.send(frame);
      expect(await closeCode(flooder), path).toBe(4420);
    }
    await toggle(t, partyId, students[1].auth);
    await bystander.waitFor((m) => m.type === 'send_standby_update' && m.data.standby_count === 1);
    expect(bystander.ws.readyState).toBe(WebSocket.OPEN);
    bystander.ws.close(1000);
  });

  it('counts messages, pings and pongs: the 41st frame at once closes the socket with 4420, the 40th does not', async () => {
    const { partyId, students } = await paidParty(t, 2);
    // The client answers no ping of the server's heartbeat by itself: every frame it sends is one this test sent.
    const sock = await openSocket(`${base}/ws/party/${partyId}/?token=${tokenOf(students[0].auth)}`, {}, { autoPong: false });
    await sock.waitFor((m) => m.type === 'send_standby_update');
    for (let i = 0; i < 30; i += 1) sock.ws.send('{}');
    for (let i = 0; i < 9; i += 1) sock.ws.pong();
    // Frame 40 is a ping: its pong says the server has read every frame before it and kept the socket.
    await pingAnswered(sock);
    expect(sock.ws.readyState).toBe(WebSocket.OPEN);
    sock.ws.pong();
    expect(await closeCode(sock)).toBe(4420);
  });

  it('refills 20 frames a second on the app’s clock, never beyond the burst of 40', async () => {
    const { partyId, students } = await paidParty(t, 2);
    const sock = await openSocket(`${base}/ws/party/${partyId}/?token=${tokenOf(students[0].auth)}`, {}, { autoPong: false });
    await sock.waitFor((m) => m.type === 'send_standby_update');
    const spend = async (n: number) => {
      for (let i = 1; i < n; i += 1) sock.ws.send('{}');
      await pingAnswered(sock);
      expect(sock.ws.readyState).toBe(WebSocket.OPEN);
    };
    await spend(40);
    t.clock.advance(1_000);
    await spend(20);
    t.clock.advance(500);
    await spend(10);
    // A quiet minute fills the bucket to 40, not to 1,200.
    t.clock.advance(60_000);
    await spend(40);
    sock.ws.send('{}');
    expect(await closeCode(sock)).toBe(4420);
  });

  it('ignores garbage frames: the socket stays open, still gets broadcasts, and relays nothing to others', async () => {
    const { partyId, students } = await paidParty(t, 3);
    const noisy = await openSocket(`${base}/ws/party/${partyId}/?token=${tokenOf(students[0].auth)}`);
    const other = await openSocket(`${base}/ws/party/${partyId}/?token=${tokenOf(students[1].auth)}`);
    await other.waitFor((m) => m.type === 'send_standby_update');
    for (const frame of [
      'not json',
      '{"type":"send_game_created","data":{"round_id":1}}',
      '{"type":"send_standby_update","data":{"party_id":1,"standby_count":99,"participation_count":99}}',
      '{"__proto__":{"polluted":true}}',
      '',
      '\u0000\uFFFF',
    ]) {
      noisy.ws.send(frame);
    }
    noisy.ws.send(Buffer.from([0xff, 0x00, 0xfe]), { binary: true });
    noisy.ws.ping();
    await toggle(t, partyId, students[2].auth);
    await noisy.waitFor((m) => m.type === 'send_standby_update' && m.data.standby_count === 1);
    await other.waitFor((m) => m.type === 'send_standby_update' && m.data.standby_count === 1);
    expect(noisy.ws.readyState).toBe(WebSocket.OPEN);
    expect(other.messages.filter((m) => m.type === 'send_game_created' || m.data.standby_count === 99)).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    noisy.ws.close(1000);
    other.ws.close(1000);
  });

  // The storm's length is the machine's: 6 s alone, 26 s beside four busy cores, over the default 2 minutes on Node 20 and
  // PGlite beside the browser suite in CI (2026-12-06). What it checks is that the server survives, not how soon.
  it('survives 1,000 rapid reconnects: still answers, a fresh socket still works, nothing is left behind', { timeout: 600_000 }, async () => {
    const { partyId, students } = await paidParty(t, 3);
    const url = `${base}/ws/party/${partyId}/?token=${tokenOf(students[0].auth)}`;
    const total = 1_000;
    const batch = 25;
    let opened = 0;
    // Three ways to go: close at once, close after the first message, or vanish without a close frame.
    const once = (i: number) =>
      new Promise<void>((resolve) => {
        const ws = new WebSocket(url);
        ws.on('error', () => undefined);
        ws.on('close', () => resolve());
        ws.on('open', () => {
          opened += 1;
          if (i % 3 === 0) ws.close(1000);
          else if (i % 3 === 1) ws.once('message', () => ws.close(1000));
          else ws.terminate();
        });
        // A socket the server admits but never answers would hang the storm; bound it.
        setTimeout(() => ws.terminate(), 10_000).unref();
      });
    for (let i = 0; i < total; i += batch) await Promise.all(Array.from({ length: batch }, (_, k) => once(i + k)));
    expect(opened).toBe(total);

    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect(await eventually(() => t.app.websocketServer.clients.size === 0), `sockets still held: ${t.app.websocketServer.clients.size}`).toBe(true);
    expect(await eventually(() => (active.get(`party:${partyId}`) ?? 0) === 0), `hub still subscribed: ${active.get(`party:${partyId}`)}`).toBe(true);

    const fresh = await openSocket(url);
    await fresh.waitFor((m) => m.type === 'send_standby_update' && m.data.standby_count === 0);
    await toggle(t, partyId, students[1].auth);
    await fresh.waitFor((m) => m.type === 'send_standby_update' && m.data.standby_count === 1);
    expect(active.get(`party:${partyId}`)).toBe(1);
    fresh.ws.close(1000);
    expect(unhandled).toEqual([]);
  });

  it("closes with 4401 for a withdrawn student's token, as every HTTP endpoint does", async () => {
    const { partyId, students } = await paidParty(t, 3);
    t.clock.advance(20 * 60_000); // the party has started: withdrawal keeps past participations
    const [gone] = students;
    const auth = bearer(await tokenFor(t, gone.id));
    expect((await t.app.inject({ method: 'POST', url: '/api/mypage/withdraw/', headers: auth, payload: {} })).statusCode).toBe(200);
    expect((await toggle(t, partyId, auth)).statusCode).toBe(401);
    const sock = await openSocket(`${base}/ws/party/${partyId}/?token=${tokenOf(auth)}`);
    expect(await closeCode(sock)).toBe(4401);
    expect(sock.messages).toEqual([]);
  });
});
