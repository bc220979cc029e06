import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { groupAlive, serverStarter, serverUrl } from '../../helpers/server-process';

// A supervisor (systemd, a container runtime, a deploy script) stops the process it started, and nothing else. `npm
// start` used to run npm → sh → tsx → node: npm passed SIGTERM to sh, sh died of it, and tsx and the server were
// left running (re-parented, still answering) with nobody to drain them. Each way of starting the server must stop
// and drain when its own process gets SIGTERM, and leave nothing behind.
const WAYS = [
  { name: 'npm start', command: ['npm', 'start'] },
  { name: 'node with no npm in front (what a systemd unit runs)', command: [process.execPath, '--import', 'tsx', 'src/server/main.ts'] },
];

describe('stopping the server started as an operator starts it', { timeout: 240_000 }, () => {
  const start = serverStarter();

  it.each(WAYS)('$name: SIGTERM to the started process drains the server, exits 0 and leaves nothing running', async ({ command }) => {
    const { server, dataDir } = start(command, 'start-stop');
    const url = await serverUrl(server, dataDir);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);

    server.child.kill('SIGTERM');
    // 0 only when the server closed everything before its deadline (process-lifecycle.ts exits 1 past it), and npm
    // exits with its script's code.
    expect(await server.exited).toBe(0);
    expect(server.output()).not.toMatch(/deadline/);
    await expect(fetch(`${url}/healthz`)).rejects.toMatchObject({ cause: { code: 'ECONNREFUSED' } });
    // Whatever the started process ran (a shell, tsx, the server) has ended with it; an orphan would keep the group.
    await expect.poll(() => groupAlive(server), { timeout: 10_000 }).toBe(false);
  });

  it("SIGTERM while a kept-alive connection (a balancer's) has a request in flight: the request is answered, the connection closed, and the process exits 0 well inside the deadline", async () => {
    const { server, dataDir } = start(WAYS[1].command, 'start-stop-keepalive');
    const url = new URL(await serverUrl(server, dataDir));
    const socket = connect(Number(url.port), url.hostname);
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await expect.poll(() => received).toMatch(/\{"status":"ok"\}$/);
    const before = received.length;
    // A POST whose body has not all arrived when the signal comes: the instance must answer it itself.
    const body = JSON.stringify({ username: 'nobody_here', password: 'wrong-password-1' });
    socket.write(`POST /api/signup/auth/login/ HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`);
    server.child.kill('SIGTERM');
    // The server stops listening once the drain has begun.
    await expect.poll(() => fetch(`${url.origin}/healthz`).then(() => 'listening', () => 'stopped'), { timeout: 15_000 }).toBe('stopped');
    socket.write(body.slice(5));
    await closed;
    expect(received.slice(before)).toMatch(/^HTTP\/1\.1 400/);
    expect(received.slice(before).toLowerCase()).toContain('connection: close');
    // 0 only inside the deadline (10 s): before the drain closed kept-alive connections, the shutdown waited for
    // their idle timeout (72 s) and exited 1 at the deadline.
    expect(await server.exited).toBe(0);
    expect(server.output()).not.toMatch(/deadline/);
  });
});
