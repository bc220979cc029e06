// Starts the real server (`src/server/main.ts`, with its client build) on a temp data dir for browser benches.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RealServer {
  base: string;
  opsToken: string;
  stop(): Promise<void>;
}

export async function startRealServer(port: number): Promise<RealServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'partyon-bench-real-'));
  // The embedded database, as `npm start` gives it to a visitor; no DATABASE_URL / REDIS_URL from the shell.
  const { DATABASE_URL: _db, REDIS_URL: _redis, ...inherited } = process.env;
  const env = { ...inherited, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    base,
    opsToken: readFileSync(join(dataDir, 'ops-token'), 'utf8').trim(),
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
