// Starts the real server for the browser tests on a fresh data dir — and, when DATABASE_URL is set, on a fresh
// PostgreSQL database — so every run begins from the seeded demo campus.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const env: NodeJS.ProcessEnv = { ...process.env, PORT: process.env.E2E_PORT ?? '4317', HOST: '127.0.0.1', LOG_LEVEL: 'warn' };
env.DATA_DIR = mkdtempSync(join(tmpdir(), 'partyon-e2e-'));
// Redis outlives a run: a namespace of its own, like the fresh database, so no earlier run's login or signup
// counters (or lobby events) reach this one.
env.REDIS_PREFIX = `partyon-e2e-${Date.now()}:`;
// Every browser test signs its students up from this one address: more than the default hourly budget per address.
env.SIGNUP_LIMIT_PER_HOUR ??= '500';
// A known operator token so browser tests can set up data through /api/ops/ (never used outside tests).
env.OPS_TOKEN ??= 'e2e-ops-token-0123456789abcdef';

// The run's own database, dropped when the server stops, so runs do not pile databases up on the machine.
let dropDatabase = async () => {};
if (process.env.DATABASE_URL) {
  const name = `partyon_e2e_${Date.now()}`;
  const adminUrl = process.env.DATABASE_URL;
  dropDatabase = async () => {
    const dropper = new pg.Client({ connectionString: adminUrl });
    await dropper.connect();
    await dropper.query(`drop database if exists "${name}" with (force)`);
    await dropper.end();
  };
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  console.log(`[e2e] PostgreSQL database ${name}`);
}
console.log(`[e2e] data dir ${env.DATA_DIR}`);

const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { env, stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => {
  // A database that cannot be dropped (the server already gone with it, say) only costs disk: never fail the run.
  dropDatabase()
    .catch((err: unknown) => console.warn('[e2e] could not drop the database:', err))
    .finally(() => process.exit(code ?? 0));
});
