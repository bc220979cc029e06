import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/server/config';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo-people';
import { seedIfEmpty } from '../../src/server/db/seed/seed';
import { createLocalBus } from '../../src/server/realtime/bus';
import { loadSecrets } from '../../src/server/secrets';
import { listenOnLoopback } from '../helpers/listen';
import { scratchDir } from '../helpers/scratch';
import { serverStarter, serverUrl } from '../helpers/server-process';
import { openSocket } from '../helpers/sockets';
import { bearer, createTestApp, type TestApp } from '../helpers/test-app';
import { createTestDatabase, describeEachDb } from '../helpers/test-db';

/** Everything production asks for, as a deployment of several instances gives it. */
const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_SECRET: 'production-jwt-secret-0123456789abcdef0123',
  OPS_TOKEN: 'production-ops-token-0123456789',
  VAPID_PUBLIC_KEY: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
  VAPID_PRIVATE_KEY: 'tUxbf-Kn5uUUO0iXUWmo3BhAYOfjBkPJrRvWx6PUwQo',
  PUBLIC_URL: 'https://partyon.example',
  KAKAO_REST_API_KEY: 'kakao-rest-api-key',
  DATABASE_URL: 'postgres://partyon@db.internal:5432/partyon',
  REDIS_URL: 'redis://redis.internal:6379',
};
const SINGLE = { ...withoutKeys(PRODUCTION, ['DATABASE_URL', 'REDIS_URL']), SINGLE_INSTANCE: 'true' };
const MISSING_IN_PRODUCTION = ['JWT_SECRET', 'OPS_TOKEN', 'VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'PUBLIC_URL', 'KAKAO_REST_API_KEY', 'DATABASE_URL', 'REDIS_URL'];

function withoutKeys(env: Record<string, string>, keys: string[]) {
  return Object.fromEntries(Object.entries(env).filter(([k]) => !keys.includes(k)));
}

/** The message parseConfig refuses with, or '' when it takes the environment. */
function refusal(env: Record<string, string>): string {
  try {
    parseConfig(env);
    return '';
  } catch (err) {
    return (err as Error).message;
  }
}

describe('production settings', () => {
  it('refuses to start production naming every missing setting at once', () => {
    const message = refusal({ NODE_ENV: 'production' });
    for (const name of MISSING_IN_PRODUCTION) expect(message).toMatch(new RegExp(`^  ${name}: required in production`, 'm'));
    // One missing among the rest is named alone; a blank value is missing too.
    expect(refusal({ ...PRODUCTION, KAKAO_REST_API_KEY: ' ' }).split('\n').slice(1)).toEqual([expect.stringMatching(/^ {2}KAKAO_REST_API_KEY: required in production/)]);
  });

  it('starts production with every setting given, and without PostgreSQL and Redis only when SINGLE_INSTANCE=true says so', () => {
    expect(parseConfig(PRODUCTION).config).toMatchObject({ env: 'production', singleInstance: false });
    expect(parseConfig(SINGLE).config).toMatchObject({ env: 'production', singleInstance: true, databaseUrl: undefined, redisUrl: undefined });
    const message = refusal({ ...SINGLE, SINGLE_INSTANCE: 'false' });
    expect(message).toMatch(/DATABASE_URL: required in production/);
    expect(message).toMatch(/REDIS_URL: required in production/);
    // A laptop needs none of it.
    expect(refusal({})).toBe('');
  });

  it('refuses TRUST_PROXY=true in production with the reason, and still takes it on a laptop', () => {
    expect(refusal({ ...PRODUCTION, TRUST_PROXY: 'true' })).toMatch(/TRUST_PROXY: refused in production \(.*any client could pick its own address/);
    expect(refusal({ ...PRODUCTION, TRUST_PROXY: '1' })).toBe('');
    expect(refusal({ ...PRODUCTION, TRUST_PROXY: '10.0.0.0/8' })).toBe('');
    expect(parseConfig({ TRUST_PROXY: 'true' }).config.trustProxy).toBe(true);
  });

  it('names a value it cannot use and the missing production settings in the same refusal', () => {
    const message = refusal({ ...withoutKeys(PRODUCTION, ['JWT_SECRET']), PORT: 'eighty', TRUST_PROXY: 'true' });
    expect(message.split('\n').slice(1).map((line) => line.trim().split(':')[0])).toEqual(['PORT', 'JWT_SECRET', 'TRUST_PROXY']);
  });

  it('never writes a secret into DATA_DIR in production: they come from the environment or the start fails', () => {
    const dir = scratchDir('production-secrets');
    try {
      expect(() => loadSecrets(dir, { NODE_ENV: 'production' })).toThrow(/production takes JWT_SECRET, OPS_TOKEN and the VAPID key pair from the environment only/);
      expect(() => loadSecrets(dir, withoutKeys(PRODUCTION, ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY']))).toThrow(/VAPID key pair/);
      expect(loadSecrets(dir, PRODUCTION)).toMatchObject({ jwtSecret: PRODUCTION.JWT_SECRET, opsToken: PRODUCTION.OPS_TOKEN, vapid: { publicKey: PRODUCTION.VAPID_PUBLIC_KEY } });
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describeEachDb('demo accounts on a production database', (kind) => {
  const LOGIN = '/api/signup/auth/login/';
  const OPS_LOGIN = '/api/ops/auth/login/';
  const opened: TestApp[] = [];
  const logged: { level: number; msg: string; accounts?: string[] }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) logged.push(JSON.parse(line));
      done();
    },
  });
  const logger = { level: 'info', stream };
  const lockouts = () => logged.filter((l) => l.msg.includes('demo accounts'));
  const bus = createLocalBus();

  /** A trial run on the demo campus, whose database then becomes the real deployment's. */
  const trial = async () => {
    const laptop = await createTestApp({ database: await createTestDatabase(kind), bus });
    opened.push(laptop);
    await seedIfEmpty(laptop.database.db, laptop.clock);
    return laptop;
  };
  /** A production instance on the trial's database and bus, as a deployment started after the trial. */
  const startProduction = async (laptop: TestApp) => {
    const app = await createTestApp({ database: { ...laptop.database, close: async () => undefined }, bus: { ...bus, close: async () => undefined }, env: SINGLE, logger });
    // Closed before the trial app, which owns the database.
    opened.unshift(app);
    return app;
  };
  const login = (app: TestApp, username: string, password = DEMO_PASSWORD) => app.app.inject({ method: 'POST', url: LOGIN, payload: { username, password } });
  afterEach(async () => {
    for (const app of opened.splice(0)) await app.close();
    logged.length = 0;
  });

  it('disables the demo accounts still holding the demo password when production starts, ends their sessions and says so', async () => {
    const laptop = await trial();
    const student1 = (await login(laptop, 'student1')).json() as { access: string; refresh: string };
    // student2 made the account theirs: it is left alone.
    const student2 = (await login(laptop, 'student2')).json() as { access: string };
    const changed = await laptop.app.inject({ method: 'POST', url: '/api/mypage/profile/', headers: bearer(student2.access), payload: { new_password: 'mine-now-1234', new_password2: 'mine-now-1234' } });
    expect(changed.statusCode).toBe(200);
    const consoleSession = (await laptop.app.inject({ method: 'POST', url: OPS_LOGIN, payload: { username: 'ops_demo', password: DEMO_PASSWORD } })).json() as { token: string };
    // student1 sits in a lobby on the running (trial) instance.
    const demo = await laptop.app.inject({ method: 'POST', url: '/api/ops/demo/', headers: { 'x-ops-token': laptop.opsToken }, payload: { minutes: 5 } });
    expect(demo.statusCode).toBe(201);
    const lobby = await openSocket(`${await listenOnLoopback(laptop.app, 'ws')}/ws/party/${demo.json().id}/?token=${student1.access}`);

    const production = await startProduction(laptop);

    expect(await lobby.closed).toBe(4401);
    for (const app of [production, laptop]) {
      for (const username of ['student1', 'student3', 'student4']) expect((await login(app, username)).statusCode, username).toBe(400);
      expect((await app.app.inject({ method: 'GET', url: '/api/mypage/profile/', headers: bearer(student1.access) })).statusCode).toBe(401);
      expect((await app.app.inject({ method: 'POST', url: OPS_LOGIN, payload: { username: 'ops_demo', password: DEMO_PASSWORD } })).statusCode).toBe(400);
      expect((await app.app.inject({ method: 'GET', url: '/api/ops/auth/me/', headers: bearer(consoleSession.token) })).statusCode).toBe(401);
      expect((await login(app, 'student2', 'mine-now-1234')).statusCode).toBe(200);
    }
    expect((await production.app.inject({ method: 'POST', url: '/api/signup/auth/refresh/', payload: { refresh: student1.refresh } })).statusCode).toBe(401);
    expect(lockouts()).toEqual([expect.objectContaining({ level: 50, accounts: ['student1', 'student3', 'student4', 'ops_demo'] })]);
    expect(lockouts()[0].msg).toMatch(/^SECURITY: demo accounts still had the published demo password and are now disabled/);

    // The next production start finds nothing left to disable and says nothing.
    await startProduction(laptop);
    expect(lockouts()).toHaveLength(1);
  });

  it('disables each demo account once when several production instances start at once', async () => {
    const laptop = await trial();
    await Promise.all([startProduction(laptop), startProduction(laptop), startProduction(laptop)]);
    const named = lockouts().flatMap((l) => l.accounts ?? []);
    expect(named.sort()).toEqual(['ops_demo', 'student1', 'student2', 'student3', 'student4']);
    for (const username of ['student1', 'student2', 'student3', 'student4']) expect((await login(laptop, username)).statusCode, username).toBe(400);
  });
});

// The real process, as an operator starts it: settings from the environment only, nothing invented into DATA_DIR.
describe('starting the server in production', { timeout: 240_000 }, () => {
  const start = serverStarter();
  const node = [process.execPath, '--import', 'tsx', 'src/server/main.ts'];

  it('refuses to start with every missing setting named, and leaves DATA_DIR as it was', async () => {
    const { server, dataDir } = start(node, 'production-refused', { NODE_ENV: 'production' });
    expect(await server.exited).toBe(1);
    for (const name of MISSING_IN_PRODUCTION) expect(server.output()).toMatch(new RegExp(`${name}: required in production`));
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('on an empty database with SINGLE_INSTANCE=true: no demo campus, no secret in DATA_DIR, and the log says it is one instance', async () => {
    const { server, dataDir } = start(node, 'production-single', SINGLE);
    const url = await serverUrl(server, dataDir);
    const status = await fetch(`${url}/api/ops/status/`, { headers: { 'x-ops-token': PRODUCTION.OPS_TOKEN } });
    expect(await status.json()).toMatchObject({ database: 'pglite', users: 0, places: 0 });
    const login = await fetch(`${url}/api/signup/auth/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'student1', password: DEMO_PASSWORD }) });
    expect(login.status).toBe(400);
    for (const file of ['jwt-secret', 'ops-token', 'vapid-keys.json']) expect(existsSync(join(dataDir, file)), file).toBe(false);
    expect(server.output()).toMatch(/SINGLE_INSTANCE=true: one instance only — PGlite in .*, no Redis/);
    expect(server.output()).not.toMatch(/seeded the demo campus/);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });
});
