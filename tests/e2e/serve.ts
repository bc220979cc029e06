// Starts the real server for the browser tests on a fresh data dir — and, when DATABASE_URL is set, on a fresh
// PostgreSQL database — so every run begins from the seeded demo campus.
//
// Both are named by the port, not by the time: a run starts by removing whatever a run on the same port left
// (one killed before it could clean up), and removes its own on the way out. Playwright stops this process with
// SIGTERM (playwright.config.ts `gracefulShutdown`), so the way out is normally taken; were it SIGKILLed, the next
// run on the port still starts clean, and the two can never be running at once (they would share the port).
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ANSWER_LOG_ENV, e2eAnswerLog } from '../helpers/answer-log';
import { deleteRedisKeysUnder } from '../helpers/redis-keys';
import { adminQuery } from '../helpers/scratch';
import { e2eDatabaseName } from './e2e-database';
import { pushStandInHosts } from './push-stand-ins';

const port = process.env.E2E_PORT ?? '4317';
const env: NodeJS.ProcessEnv = { ...process.env, PORT: port, HOST: '127.0.0.1', LOG_LEVEL: 'warn' };
const dataDir = join(tmpdir(), `partyon-e2e-${port}`);
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir);
env.DATA_DIR = dataDir;
// Redis outlives a run: a namespace of its own, like the fresh database, so no earlier run's login or signup
// counters (or lobby events) reach this one; its keys go on the way out.
const redisPrefix = `partyon-e2e-${Date.now()}:`;
env.REDIS_PREFIX = redisPrefix;
// Every browser test signs its students up and logs them in from this one address: more than the default budgets
// per address (20 signups an hour, 30 logins a minute; a fast machine runs more logins than that in a minute), and
// their searches and filter taps share one address's budget too (60 computed lists a minute).
env.SIGNUP_LIMIT_PER_HOUR ??= '500';
env.LOGIN_LIMIT_PER_MINUTE ??= '1000';
env.SEARCH_LIMIT_PER_MINUTE ??= '1000';
// The push specs' stand-ins listen on this machine over plain http; the server posts there only because it is told to.
env.OUTBOUND_TEST_HOSTS = pushStandInHosts();
// A known operator token so browser tests can set up data through /api/ops/ (never used outside tests).
env.OPS_TOKEN ??= 'e2e-ops-token-0123456789abcdef';
// What the server answers, recorded (tests/helpers/answer-recorder.ts, loaded below) for the check that the API
// description lists it (tests/e2e/answers-documented.ts, Playwright's global teardown); removed once the server exits.
const answerLog = e2eAnswerLog(port);
rmSync(answerLog, { recursive: true, force: true });
env[ANSWER_LOG_ENV] = answerLog;

const adminUrl = process.env.DATABASE_URL;
const databaseName = e2eDatabaseName(port);
const dropDatabase = async () => {
  if (adminUrl) await adminQuery(adminUrl, `drop database if exists "${databaseName}" with (force)`);
};
if (adminUrl) {
  await dropDatabase();
  await adminQuery(adminUrl, `create database "${databaseName}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  env.DATABASE_URL = url.toString();
  console.log(`[e2e] PostgreSQL database ${databaseName}`);
}
console.log(`[e2e] data dir ${dataDir}`);

const child = spawn(process.execPath, ['--import', 'tsx', '--import', './tests/helpers/answer-recorder.ts', 'src/server/main.ts'], { env, stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(answerLog, { recursive: true, force: true });
  // A database that cannot be dropped (the server already gone with it, say) only costs disk until the next run on
  // this port: never fail the run for it.
  void Promise.all([
    dropDatabase().catch((err: unknown) => console.warn('[e2e] could not drop the database:', err)),
    process.env.REDIS_URL ? deleteRedisKeysUnder(process.env.REDIS_URL, redisPrefix).catch((err: unknown) => console.warn('[e2e] could not delete its Redis keys:', err)) : undefined,
  ]).finally(() => process.exit(code ?? 0));
});
