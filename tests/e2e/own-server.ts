import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { readServerAddress } from '../../src/server/ops/server-address';
import { adminQuery } from '../helpers/scratch';
import { E2E_OPS_TOKEN } from './helpers';

// The shared browser-test server must stay up for every other worker, so a test that stops the server for real
// runs one of its own: the same code (`src/server/main.ts`) and the client the shared server has already built, with
// a database of its own that outlives a restart as a real one does — PostgreSQL when DATABASE_URL is set (named by
// the run's port, like the shared server's), else PGlite in its data folder.
const SETTINGS = /^(PORT|HOST|DATA_DIR|DATABASE_URL|REDIS_URL|REDIS_PREFIX|SINGLE_INSTANCE|OPS_TOKEN|NODE_ENV|LOG_LEVEL|SKIP_CLIENT_BUILD)$/;
const START_MS = 300_000;

export interface OwnServer {
  /** Where it listens; the same after a restart, so pages opened on it stay on it. */
  url: string;
  /** SIGTERM, as a supervisor stops it; resolves once the process has exited. */
  stop(): Promise<void>;
  /** Starts it again on the same port and data. */
  start(): Promise<void>;
  /** Stops it if running and removes its data. */
  dispose(): Promise<void>;
}

/**
 * A fixed port for a spec that must name its origin before the server starts (`test.use({ baseURL })`), so the page's
 * origin — and with it the service worker that keeps the public answers — stays the same across restarts: the run's
 * E2E_PORT + 1000 + `offset`.
 */
export const ownServerPort = (offset = 0) => Number(process.env.E2E_PORT ?? 4317) + 1000 + offset;

export async function startOwnServer(prefix: string, opts: { port?: number } = {}): Promise<OwnServer> {
  const dataDir = mkdtempSync(join(tmpdir(), `partyon-e2e-${prefix}-`));
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => !SETTINGS.test(k)));
  const adminUrl = process.env.DATABASE_URL;
  const databaseName = `partyon_e2e_${process.env.E2E_PORT ?? '4317'}_${prefix}`;
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SKIP_CLIENT_BUILD: '1',
    LOG_LEVEL: 'warn',
    OPS_TOKEN: E2E_OPS_TOKEN,
    SIGNUP_LIMIT_PER_HOUR: '500',
    LOGIN_LIMIT_PER_MINUTE: '1000',
  };
  const dropDatabase = async () => {
    if (adminUrl) await adminQuery(adminUrl, `drop database if exists "${databaseName}" with (force)`);
  };
  if (adminUrl) {
    await dropDatabase(); // what a run killed on this port left
    await adminQuery(adminUrl, `create database "${databaseName}"`);
    const url = new URL(adminUrl);
    url.pathname = `/${databaseName}`;
    env.DATABASE_URL = url.toString();
  }
  let child: ChildProcess | null = null;
  let output = '';
  let port = String(opts.port ?? 0);

  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = once(running, 'exit');
    running.kill('SIGTERM');
    await exited;
  };
  const dispose = async () => {
    await stop();
    rmSync(dataDir, { recursive: true, force: true });
    await dropDatabase();
  };

  const run = async () => {
    output = '';
    const started = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { env: { ...env, PORT: port }, stdio: ['ignore', 'pipe', 'pipe'] });
    child = started;
    started.stdout.on('data', (chunk) => (output += String(chunk)));
    started.stderr.on('data', (chunk) => (output += String(chunk)));
    try {
      // The address it records once it listens (the first start picks a free port, later ones reuse it).
      await expect
        .poll(() => {
          if (started.exitCode !== null) throw new Error('the server exited before listening');
          return readServerAddress(dataDir) ?? null;
        }, { timeout: START_MS })
        .not.toBeNull();
      const url = readServerAddress(dataDir)!;
      port = new URL(url).port;
      await expect.poll(async () => (await fetch(`${url}/readyz`).catch(() => null))?.status ?? 0, { timeout: START_MS }).toBe(200);
      return url;
    } catch (error) {
      throw new Error(`the test's own server did not come up (${String(error)}); it said:\n${output}`);
    }
  };

  try {
    const url = await run();
    return { url, stop, start: async () => void (await run()), dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}
