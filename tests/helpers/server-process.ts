import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, vi } from 'vitest';
import { readServerAddress } from '../../src/server/ops/server-address';
import { scratchDir } from './scratch';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The server's settings a test run may carry (CI sets DATABASE_URL, REDIS_URL…): none of them reaches a child. */
const SETTINGS = /^(NODE_ENV|HOST|PORT|DATA_DIR|DATABASE_URL|DATABASE_POOL_SIZE|REDIS_URL|REDIS_PREFIX|SINGLE_INSTANCE|OPS_TOKEN|OPS_URL|JWT_SECRET|VAPID_.*|PUBLIC_URL|ALLOWED_ORIGINS|TRUST_PROXY|KAKAO_.*|LLM_.*|LOG_LEVEL|SKIP_CLIENT_BUILD|METRICS_.*)$/;

export interface ServerProcess {
  child: ChildProcess;
  /** What it printed so far, stdout and stderr together. */
  output(): string;
  /** Its exit code (null when a signal ended it). */
  exited: Promise<number | null>;
}

/**
 * Starts the real server as a process of its own, the way an operator does (`npm start`, or node with no npm), on a
 * free port (PORT=0) in `dataDir`, without building the client. It leads a process group of its own, so a test can
 * tell whether anything it started is still running after it stopped.
 */
function startServer(command: string[], dataDir: string, env: Record<string, string>): ServerProcess {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => !SETTINGS.test(k)));
  const [file, ...args] = command;
  const child = spawn(file, args, {
    cwd: root,
    env: { ...inherited, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', SKIP_CLIENT_BUILD: '1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += String(chunk)));
  child.stderr?.on('data', (chunk) => (output += String(chunk)));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  return { child, output: () => output, exited };
}

/** The server's address, once it listens (it records it in DATA_DIR); fails at once should the process end first. */
export async function serverUrl(server: ServerProcess, dataDir: string): Promise<string> {
  let ended = false;
  const endedFirst = server.exited.then(() => {
    ended = true;
    throw new Error(`the server exited before listening:\n${server.output()}`);
  });
  endedFirst.catch(() => undefined); // lost the race: the server exits later, when the test stops it
  const listening = vi.waitFor(
    () => {
      if (ended) return ''; // stop polling; endedFirst has answered
      const url = readServerAddress(dataDir);
      if (!url) throw new Error('not listening yet');
      return url;
    },
    { timeout: 180_000, interval: 100 },
  );
  return Promise.race([listening, endedFirst]);
}

/** Whether any process of the group the server leads is still there (a signal 0 reaches none when all are gone). */
export function groupAlive(server: ServerProcess): boolean {
  try {
    process.kill(-server.child.pid!, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * How a suite starts servers: each in a new scratch folder (`prefix` names it). After each test whatever is left of
 * them — a process group a failed test did not stop — is killed by the group's id, and the folders removed.
 */
export function serverStarter() {
  const started: { server: ServerProcess; dataDir: string }[] = [];
  afterEach(() => {
    for (const { server, dataDir } of started.splice(0)) {
      if (groupAlive(server)) process.kill(-server.child.pid!, 'SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
  return (command: string[], prefix: string, env: Record<string, string> = {}) => {
    const dataDir = scratchDir(prefix);
    const server = startServer(command, dataDir, env);
    started.push({ server, dataDir });
    return { server, dataDir };
  };
}
