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
});
