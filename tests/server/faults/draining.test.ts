import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../helpers/test-app';

/** Reads everything the server sends until it closes the connection. */
function readUntilClosed(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(text));
  });
}

describe('an instance that is shutting down', () => {
  it('turns a request that still reaches it away with our 503 in Korean and closes the connection', async () => {
    const t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as { port: number };
    // A request whose headers are still arriving keeps its connection busy, so the shutdown cannot reap it as idle;
    // its end arrives once the server has stopped listening.
    const accepted = once(t.app.server, 'connection') as Promise<[Socket]>;
    const socket = connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    const [serverSide] = await accepted;
    const answer = readUntilClosed(socket);
    socket.write('GET /api/detailview/parties/ HTTP/1.1\r\nHost: localhost\r\n');
    // Only once the server has read the first bytes is a request under way; before that the connection is idle, and
    // the shutdown rightly closes idle connections (Node 26 tracks a connection from its accept, Node 20 from its
    // first request, which hid this).
    await expect.poll(() => serverSide.bytesRead).toBeGreaterThan(0);
    const closing = t.close();
    await expect.poll(() => t.app.server.listening).toBe(false);
    socket.write('\r\n');
    const text = await answer;
    await closing;
    const [head, body] = text.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 503/);
    expect(head.toLowerCase()).toContain('connection: close');
    expect(head.toLowerCase()).toMatch(/retry-after: \d+/);
    expect(JSON.parse(body)).toEqual({ detail: '서비스를 잠시 사용할 수 없습니다. 잠시 후 다시 시도해 주세요.' });
  });
});

/** A raw keep-alive connection to a listening app, and the server's side of it (to see when it has read a request). */
async function keptAlive(t: { app: { server: import('node:net').Server } }) {
  const { port } = t.app.server.address() as { port: number };
  const accepted = once(t.app.server, 'connection') as Promise<[Socket]>;
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  const [serverSide] = await accepted;
  let text = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (text += chunk));
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  return { socket, serverSide, received: () => text, closed };
}

describe('draining: the shutdown a rolling restart sends each instance', () => {
  it('from the first moment of the shutdown /readyz answers 503, so a balancer stops sending', async () => {
    const t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    const c = await keptAlive(t);
    // Half a request keeps the connection busy, so the shutdown waits for it; the rest arrives once it has begun.
    c.socket.write('GET /readyz HTTP/1.1\r\nHost: localhost\r\n');
    await expect.poll(() => c.serverSide.bytesRead).toBeGreaterThan(0);
    const closing = t.close();
    await expect.poll(() => t.app.server.listening).toBe(false);
    c.socket.write('\r\n');
    await c.closed;
    await closing;
    expect(c.received()).toMatch(/^HTTP\/1\.1 503/);
    expect(c.received().toLowerCase()).toContain('connection: close');
  });

  it('a POST that reaches a draining instance is answered by it (no balancer may send it twice), and its kept-alive connection then closes', async () => {
    const t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const c = await keptAlive(t);
    // Before the shutdown: an answer that keeps the connection alive, as nginx's upstream keep-alive uses it.
    c.socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await expect.poll(() => c.received()).toMatch(/\r\n\r\n\{"status":"ok"\}$/);
    expect(c.received().toLowerCase()).toContain('connection: keep-alive');
    const before = c.received().length;
    const readBefore = c.serverSide.bytesRead;
    // A login whose body is still arriving when the shutdown begins.
    const body = JSON.stringify({ username: 'nobody_here', password: 'wrong-password-1' });
    c.socket.write(`POST /api/signup/auth/login/ HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`);
    await expect.poll(() => c.serverSide.bytesRead).toBeGreaterThan(readBefore);
    const closing = t.close();
    await expect.poll(() => t.app.server.listening).toBe(false);
    c.socket.write(body.slice(5));
    // The connection ends after that answer instead of idling until the keep-alive timeout (72 s, past the deadline).
    await c.closed;
    await closing;
    const answer = c.received().slice(before);
    // The login itself answered (wrong password), not the drain's 503.
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    expect(answer.toLowerCase()).toContain('connection: close');
  });
});
