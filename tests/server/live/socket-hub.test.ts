import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { createLocalBus } from '../../../src/server/realtime/bus';
import { createSocketHub, FLUSH_INTERVAL_MS } from '../../../src/server/realtime/socket-hub';

// The hub on its own, behind a bare ws server: what every socket of a channel receives, and when.

type Hub = ReturnType<typeof createSocketHub>;

async function start() {
  const hub = createSocketHub(createLocalBus());
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  const serverSockets: WebSocket[] = [];
  const tcpSockets: Socket[] = [];
  server.on('connection', (socket, req) => {
    serverSockets.push(socket);
    tcpSockets.push(req.socket);
    hub.join('round:1', socket, req.socket);
    socket.send(JSON.stringify({ joined: true }));
  });
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { hub, server, url, serverSockets, tcpSockets };
}

interface Client {
  ws: WebSocket;
  messages: unknown[];
  /** Resolves once `n` messages (the join greeting included) have arrived. */
  received(n: number): Promise<unknown[]>;
  closed: Promise<number>;
}

function connect(url: string, options: WebSocket.ClientOptions = {}): Promise<Client> {
  const ws = new WebSocket(url, options);
  const messages: unknown[] = [];
  const waiters: { n: number; resolve: (m: unknown[]) => void }[] = [];
  ws.on('message', (raw, isBinary) => {
    expect(isBinary).toBe(false);
    messages.push(JSON.parse(String(raw)));
    for (const w of waiters.filter((w) => messages.length >= w.n)) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(messages);
    }
  });
  const closed = new Promise<number>((resolve) => ws.on('close', resolve));
  const received = (n: number) => new Promise<unknown[]>((resolve) => (messages.length >= n ? resolve(messages) : waiters.push({ n, resolve })));
  // Joined once the greeting (sent after the hub's join) is in.
  return received(1).then(() => ({ ws, messages, received, closed }));
}

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await cleanup?.();
  cleanup = undefined;
});

async function setup() {
  const s = await start();
  cleanup = async () => {
    await s.hub.close();
    await new Promise((resolve) => s.server.close(resolve));
  };
  return s;
}

const burst = (hub: Hub, n: number) => Array.from({ length: n }, (_, i) => hub.broadcast('round:1', { type: 'vote_update', seq: i }));

describe('socket hub', () => {
  it('delivers a burst to every socket, each broadcast its own message, in order', async () => {
    const { hub, url } = await setup();
    const clients = await Promise.all([connect(url), connect(url), connect(url)]);
    await Promise.all(burst(hub, 300));
    for (const c of clients) {
      const got = await c.received(301);
      expect(got.slice(1)).toEqual(Array.from({ length: 300 }, (_, i) => ({ type: 'vote_update', seq: i })));
    }
  });

  it('frames short, medium and 64 KB+ messages so a standard client reads them intact', async () => {
    const { hub, url } = await setup();
    const client = await connect(url);
    const bodies = ['짧음', 'x'.repeat(300), '가'.repeat(30_000)]; // 6 B, 300 B and 90,000 B of UTF-8
    for (const text of bodies) await hub.broadcast('round:1', { text });
    expect((await client.received(4)).slice(1)).toEqual(bodies.map((text) => ({ text })));
  });

  it('sends a message on a quiet channel at once and groups what follows within one display frame', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const { hub, url, serverSockets } = await setup();
    const client = await connect(url);
    await hub.broadcast('round:1', { seq: 0 });
    expect((await client.received(2))[1]).toEqual({ seq: 0 }); // no timer ran: it went out at the end of the broadcast's turn
    await hub.broadcast('round:1', { seq: 1 });
    await hub.broadcast('round:1', { seq: 2 });
    // A marker written straight to the socket after them overtakes them: they are being held for the frame.
    serverSockets[0].send(JSON.stringify({ marker: true }));
    expect((await client.received(3))[2]).toEqual({ marker: true });
    vi.advanceTimersByTime(FLUSH_INTERVAL_MS);
    expect((await client.received(5)).slice(3)).toEqual([{ seq: 1 }, { seq: 2 }]);
  });

  it('sends what a quiet channel is handed within one turn of the event loop in one write, not the first message alone', async () => {
    const { hub, url, tcpSockets } = await setup();
    const client = await connect(url);
    const write = vi.spyOn(tcpSockets[0], 'write');
    // Several votes handed over in one turn, as one read from Redis delivers them, long after the last write.
    const sent = burst(hub, 3);
    expect(write).not.toHaveBeenCalled(); // nothing written inside the call that handed the first one over
    await Promise.all(sent);
    expect((await client.received(4)).slice(1)).toEqual([0, 1, 2].map((seq) => ({ type: 'vote_update', seq })));
    expect(write).toHaveBeenCalledTimes(1);
  });

  it('counts the window from the end of a write that outlasted it, so the next message is gathered for one window', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const { hub, url, tcpSockets, serverSockets } = await setup();
    const client = await connect(url);
    const tcp = tcpSockets[0];
    const write = tcp.write.bind(tcp) as (chunk: Buffer) => boolean;
    let slow = true;
    // The first write takes 20 ms (a thousand sockets' worth), longer than the window.
    vi.spyOn(tcp, 'write').mockImplementation(((chunk: Buffer) => {
      if (slow) vi.advanceTimersByTime(20);
      slow = false;
      return write(chunk);
    }) as typeof tcp.write);
    await hub.broadcast('round:1', { seq: 0 });
    expect((await client.received(2))[1]).toEqual({ seq: 0 });
    await hub.broadcast('round:1', { seq: 1 });
    await new Promise((resolve) => setImmediate(resolve)); // past the turn a quiet channel's message would go out in
    serverSockets[0].send(JSON.stringify({ marker: true }));
    expect((await client.received(3))[2]).toEqual({ marker: true }); // held: the window began when the write ended
    vi.advanceTimersByTime(FLUSH_INTERVAL_MS);
    expect((await client.received(4))[3]).toEqual({ seq: 1 });
  });

  it('drops a socket that stops answering pings after two heartbeats and keeps the ones that answer', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { hub, url, serverSockets } = await setup();
    const healthy = await connect(url);
    const silent = await connect(url, { autoPong: false });
    expect(hub.count('round:1')).toBe(2);
    const pinged = new Promise((resolve) => silent.ws.once('ping', resolve));
    const ponged = new Promise((resolve) => serverSockets[0].once('pong', resolve));
    vi.advanceTimersByTime(30_000); // first beat: both pinged
    await Promise.all([pinged, ponged]);
    vi.advanceTimersByTime(30_000); // second beat: no pong from the silent one, so it is cut off
    expect(await silent.closed).toBe(1006);
    expect(healthy.ws.readyState).toBe(WebSocket.OPEN);
    expect(hub.count('round:1')).toBe(1);
  });

  it('ends a student\'s sessions: closes their older sockets with 4401, and one held just after the end too', async () => {
    const { hub, url, serverSockets } = await setup();
    const caps = { perUser: 5, perAddress: 20 };
    const old = await connect(url);
    const current = await connect(url);
    const someoneElse = await connect(url);
    hub.hold(serverSockets[0], { userId: 1, address: 'a', version: 0, family: null }, caps);
    hub.hold(serverSockets[1], { userId: 1, address: 'a', version: 1, family: null }, caps);
    hub.hold(serverSockets[2], { userId: 2, address: 'a', version: 0, family: null }, caps);
    await hub.endSessions(1, 1);
    expect(await old.closed).toBe(4401);
    // Its token was checked before the end; it is held after: closed all the same.
    const late = await connect(url);
    hub.hold(serverSockets[3], { userId: 1, address: 'a', version: 0, family: null }, caps);
    expect(await late.closed).toBe(4401);
    expect([current.ws.readyState, someoneElse.ws.readyState]).toEqual([WebSocket.OPEN, WebSocket.OPEN]);
  });

  it("ends one sign-in (a logout): closes that sign-in's sockets with 4401, one held just after too, and no other", async () => {
    const { hub, url, serverSockets } = await setup();
    const caps = { perUser: 5, perAddress: 20 };
    const phone = 'aaaaaaaa-0000-4000-8000-000000000001';
    const laptop = 'aaaaaaaa-0000-4000-8000-000000000002';
    const loggedOut = await connect(url);
    const otherDevice = await connect(url);
    const withoutFamily = await connect(url);
    hub.hold(serverSockets[0], { userId: 1, address: 'a', version: 0, family: phone }, caps);
    hub.hold(serverSockets[1], { userId: 1, address: 'a', version: 0, family: laptop }, caps);
    hub.hold(serverSockets[2], { userId: 1, address: 'a', version: 0, family: null }, caps);
    await hub.endSession(1, phone);
    expect(await loggedOut.closed).toBe(4401);
    const late = await connect(url);
    hub.hold(serverSockets[3], { userId: 1, address: 'a', version: 0, family: phone }, caps);
    expect(await late.closed).toBe(4401);
    expect([otherDevice.ws.readyState, withoutFamily.ws.readyState]).toEqual([WebSocket.OPEN, WebSocket.OPEN]);
  });
});
