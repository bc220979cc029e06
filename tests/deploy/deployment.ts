import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type ListenOptions } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import { adminQuery, scratchDatabaseName } from '../helpers/scratch';
import { deleteRedisKeysUnder } from '../helpers/redis-keys';

/** Cleanups in the reverse order of what they undo, run whatever failed in between (afterAll). */
export class Teardown {
  private readonly steps: { what: string; run: () => unknown }[] = [];

  defer(what: string, run: () => unknown) {
    this.steps.push({ what, run });
  }

  async run() {
    const failures: string[] = [];
    for (const step of this.steps.splice(0).reverse()) {
      try {
        await step.run();
      } catch (err) {
        failures.push(`${step.what}: ${(err as Error).message}`);
      }
    }
    if (failures.length) throw new Error(`the deploy suite could not remove everything it made:\n${failures.join('\n')}`);
  }
}

/** Whether nothing listens on `port`, on any IPv4 address nor on IPv6 (nginx's site listens on both). */
export async function portFree(port: number): Promise<boolean> {
  const tries: ListenOptions[] = [
    { port, host: '0.0.0.0' },
    { port, host: '::', ipv6Only: true },
  ];
  for (const options of tries) {
    const server = createServer();
    const listening = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(options, () => resolve(true));
    });
    if (!listening) return false;
    await new Promise((resolve) => server.close(resolve));
  }
  return true;
}

/**
 * `count` free ports from `from` up (DEPLOY_TEST_PORT picks where to start, as E2E_PORT does for the browser
 * tests), so two runs on one machine can keep apart.
 */
export async function freePorts(count: number, from: number): Promise<number[]> {
  const found: number[] = [];
  for (let port = from; port < from + 200 && found.length < count; port++) {
    if (await portFree(port)) found.push(port);
  }
  if (found.length < count) throw new Error(`no ${count} free ports (on 0.0.0.0 and [::]) from ${from} to ${from + 199}`);
  return found;
}

/** A self-signed certificate for 127.0.0.1, made with openssl as an operator would for a test host. */
export function makeCertificate(dir: string): { certificate: string; key: string; pem: string } {
  const certificate = join(dir, 'fullchain.pem');
  const key = join(dir, 'privkey.pem');
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2', '-subj', '/CN=partyon deploy suite', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost', '-keyout', key, '-out', certificate],
    { stdio: 'pipe' },
  );
  return { certificate, key, pem: readFileSync(certificate, 'utf8') };
}

/**
 * The example environment file with `values` filled in, every other line as shipped: what deploy/install.sh writes
 * to /etc/partyon/partyon.env. A value for a setting the example does not name fails: the example must list it.
 */
export function writeEnvironmentFile(example: string, values: Record<string, string>, path: string) {
  let text = example;
  for (const [key, value] of Object.entries(values)) {
    const line = new RegExp(`^${key}=.*$`, 'm');
    if (!line.test(text)) throw new Error(`deploy/partyon.env.example does not name ${key}`);
    text = text.replace(line, () => `${key}=${value}`);
  }
  writeFileSync(path, text, { mode: 0o600 });
  chmodSync(path, 0o600);
}

/** A new empty database on the PostgreSQL of `adminUrl`, dropped by `teardown`; answers its URL. */
export async function createDatabase(adminUrl: string, kind: string, teardown: Teardown): Promise<string> {
  const name = scratchDatabaseName(kind);
  await adminQuery(adminUrl, `create database "${name}"`);
  teardown.defer(`drop database ${name}`, () => adminQuery(adminUrl, `drop database if exists "${name}" with (force)`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * `npm run db:migrate` once, before any instance starts, as deploy/install.sh runs it (here DATABASE_URL is a
 * superuser's, which owns what it makes). Only the database setting reaches it, not the test's environment.
 */
export async function migrate(root: string, databaseUrl: string) {
  await promisify(execFile)('npm', ['run', '--silent', 'db:migrate'], {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, TMPDIR: process.env.TMPDIR, DATABASE_URL: databaseUrl },
  });
}

/** A Redis prefix of the run's own, and the teardown that removes every key under it (rate-limit counters). */
export function redisPrefix(redisUrl: string, teardown: Teardown): string {
  const prefix = `partyon-deploy-${randomBytes(4).toString('hex')}:`;
  teardown.defer(`remove the Redis keys under ${prefix}`, () => deleteRedisKeysUnder(redisUrl, prefix));
  return prefix;
}

/** The Redis keys under `prefix` (the rate-limit counters say which addresses were counted). */
export function redisKeys(redisUrl: string, prefix: string): Promise<string[]> {
  return withRedis(redisUrl, (redis) => keysUnder(redis, prefix));
}

async function keysUnder(redis: Redis, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const batch of redis.scanStream({ match: `${prefix}*`, count: 500 })) keys.push(...(batch as string[]));
  return keys;
}

async function withRedis<T>(url: string, work: (redis: Redis) => Promise<T>): Promise<T> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    return await work(redis);
  } finally {
    redis.disconnect();
  }
}
