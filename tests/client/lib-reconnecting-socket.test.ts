import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openReconnectingSocket, reconnectDelay, type SocketStatus } from '../../src/client/lib/reconnecting-socket';
import { socketUrl } from '../../src/client/lib/socket-url';
import { FakeSocket } from './live-fake-socket';

function start() {
  const statuses: Array<[SocketStatus, number]> = [];
  const messages: unknown[] = [];
  const refused: number[] = [];
  const handle = openReconnectingSocket({
    url: () => `ws://test/ws/party/1/?token=t${FakeSocket.all.length}`,
    onMessage: (m) => messages.push(m),
    onStatus: (s, n) => statuses.push([s, n]),
    onRefused: (code) => refused.push(code),
    create: (url) => new FakeSocket(url),
  });
  return { handle, statuses, messages, refused };
}

/** Time until the next socket appears, found by stepping the fake clock 1 ms at a time. */
function waitForNextSocket(maxMs = 60_000): number {
  const before = FakeSocket.all.length;
  for (let t = 1; t <= maxMs; t += 1) {
    vi.advanceTimersByTime(1);
    if (FakeSocket.all.length > before) return t;
  }
  return -1;
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.reset();
});
afterEach(() => vi.useRealTimers());

describe('reconnectDelay', () => {
  it('doubles from 500 ms and stops at 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map(reconnectDelay)).toEqual([500, 1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });
});

describe('openReconnectingSocket', () => {
  it('reconnects after each close at 500, 1000, 2000, 4000 … capped at 30000 ms', () => {
    const { statuses } = start();
    expect(statuses[0]).toEqual(['connecting', 0]);
    const waits: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      FakeSocket.last().drop();
      waits.push(waitForNextSocket());
    }
    expect(waits).toEqual([500, 1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(statuses.at(-1)).toEqual(['reconnecting', 8]);
  });

  it('starts again from 500 ms once a connection opens', () => {
    const { statuses } = start();
    FakeSocket.last().drop();
    expect(waitForNextSocket()).toBe(500);
    FakeSocket.last().drop();
    expect(waitForNextSocket()).toBe(1000);
    FakeSocket.last().open();
    expect(statuses.at(-1)).toEqual(['connected', 0]);
    FakeSocket.last().drop();
    expect(waitForNextSocket()).toBe(500);
  });

  it('builds a fresh URL for every attempt (the token may have been refreshed)', () => {
    start();
    FakeSocket.last().drop();
    vi.advanceTimersByTime(500);
    expect(FakeSocket.all.map((s) => s.url)).toEqual(['ws://test/ws/party/1/?token=t0', 'ws://test/ws/party/1/?token=t1']);
  });

  it('does not reconnect after the student leaves: close sends 1000 and cancels a pending retry', () => {
    const { handle, statuses } = start();
    FakeSocket.last().open();
    handle.close();
    expect(FakeSocket.last().closedWith).toBe(1000);
    vi.advanceTimersByTime(120_000);
    expect(FakeSocket.all).toHaveLength(1);

    FakeSocket.reset();
    const second = start();
    FakeSocket.last().drop();
    second.handle.close();
    vi.advanceTimersByTime(120_000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(statuses.some(([s]) => s === 'reconnecting')).toBe(false);
  });

  it('does not reconnect after a normal close from the server (1000)', () => {
    const { statuses } = start();
    FakeSocket.last().open();
    FakeSocket.last().drop(1000);
    vi.advanceTimersByTime(120_000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(statuses.at(-1)).toEqual(['disconnected', 0]);
  });

  // 4409 / 4429: the server closed this socket for a newer one of the same student / address; coming back would
  // close that newer one in turn.
  it.each([4401, 4403, 4404, 4409, 4429])('stops for good after close %i and reports it', (code) => {
    const { refused, statuses } = start();
    FakeSocket.last().drop(code);
    vi.advanceTimersByTime(120_000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(refused).toEqual([code]);
    expect(statuses.at(-1)?.[0]).toBe('disconnected');
  });

  // 4420: this page sent frames faster than the server takes them. Whatever did it will do it again on the next
  // socket, so each such close waits longer than the last even when the socket opened in between.
  it('comes back after 4420 (too many frames), each time later, even though every socket opened', () => {
    const { refused, statuses } = start();
    const waits: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      FakeSocket.last().open();
      FakeSocket.last().drop(4420);
      waits.push(waitForNextSocket());
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(refused).toEqual([]);
    expect(statuses.at(-1)?.[0]).toBe('reconnecting');
  });

  it('keeps reconnecting after the server goes away (1001)', () => {
    start();
    FakeSocket.last().open();
    FakeSocket.last().drop(1001);
    expect(waitForNextSocket()).toBe(500);
  });

  it('passes parsed JSON messages on and skips frames that are not JSON', () => {
    const { messages } = start();
    FakeSocket.last().open();
    FakeSocket.last().push({ type: 'x', data: {} });
    FakeSocket.last().onmessage?.(new MessageEvent('message', { data: 'not json' }));
    expect(messages).toEqual([{ type: 'x', data: {} }]);
  });

  it('reports a socket that cannot even be created', () => {
    const failed: unknown[] = [];
    const statuses: SocketStatus[] = [];
    openReconnectingSocket({
      url: () => 'bad',
      onMessage: () => undefined,
      onStatus: (s) => statuses.push(s),
      onCreateFailed: (e) => failed.push(e),
      create: () => {
        throw new SyntaxError('bad url');
      },
    });
    expect(failed).toHaveLength(1);
    expect(statuses).toEqual(['connecting', 'disconnected']);
  });
});

describe('socketUrl', () => {
  it('matches the page protocol and carries the token', () => {
    expect(socketUrl('/ws/party/3/', 'a b', { protocol: 'https:', host: 'partyon.kr' })).toBe('wss://partyon.kr/ws/party/3/?token=a%20b');
    expect(socketUrl('/ws/party/3/', 'x', { protocol: 'http:', host: 'localhost:3000' })).toBe('ws://localhost:3000/ws/party/3/?token=x');
  });
});
