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
