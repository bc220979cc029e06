import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { vi } from 'vitest';
import webpush from 'web-push';
import { buildClient, clientBuildIsStale } from '../../src/server/client-build';
import { scratchDir } from '../helpers/scratch';
import { createDatabase, freePorts, makeCertificate, migrate, redisPrefix, Teardown, writeEnvironmentFile } from './deployment';
import { type Client, client } from './http';
import { type Instance, killGroup, startInstance } from './instance';
import { type Nginx, siteForTest, startNginx } from './nginx';
import { readEnvironmentFile } from './unit-file';

// The recipe of deploy/ as shipped, in one place for every suite of tests/deploy: the systemd unit, the example
// environment file filled in as an operator would, the nginx site with only its ports and paths changed.

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const UNIT = join(root, 'deploy/systemd/partyon@.service');
export const SITE = join(root, 'deploy/nginx/partyon.conf');
export const ENV_EXAMPLE = join(root, 'deploy/partyon.env.example');
export const UNAVAILABLE_PAGE = join(root, 'deploy/nginx/unavailable.html');

/**
 * What an operator fills in the example environment file for a site at https://127.0.0.1:`https`: fresh secrets and
 * VAPID keys, the run's database and a Redis prefix of its own (removed by `teardown`), quiet logs.
 */
export function recipeSettings(opts: { https: number; databaseUrl: string; redisUrl: string; teardown: Teardown }): Record<string, string> {
  const vapid = webpush.generateVAPIDKeys();
  return {
    PUBLIC_URL: `https://127.0.0.1:${opts.https}`,
    DATABASE_URL: opts.databaseUrl,
    REDIS_URL: opts.redisUrl,
    REDIS_PREFIX: redisPrefix(opts.redisUrl, opts.teardown),
    JWT_SECRET: randomBytes(32).toString('base64url'),
    OPS_TOKEN: randomBytes(24).toString('base64url'),
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    KAKAO_REST_API_KEY: 'deploy-suite-dummy-kakao-key',
    LOG_LEVEL: 'warn',
  };
}

/** The client build the unit expects (it starts instances with SKIP_CLIENT_BUILD=1); answers whether it was (re)built. */
export async function ensureClientBuild(): Promise<boolean> {
  if (!clientBuildIsStale(root, join(root, 'dist/client'))) return false;
  await buildClient(root);
  return true;
}

/** The shipped nginx site in front of `upstreams`, started in `dir`; resolves once /readyz answers 200 through it. */
export async function startSite(
  dir: string,
  ports: { upstreams: number[]; http: number; https: number },
  certificate: { certificate: string; key: string; pem: string },
): Promise<{ nginx: Nginx; balancer: Client }> {
  mkdirSync(dir);
  const site = siteForTest(readFileSync(SITE, 'utf8'), ports, { certificate: certificate.certificate, certificateKey: certificate.key, unavailableRoot: dirname(UNAVAILABLE_PAGE), logDir: dir });
  const nginx = startNginx(dir, site);
  const balancer = client(`https://127.0.0.1:${ports.https}`, { ca: certificate.pem });
  try {
    await vi.waitFor(
      async () => {
        const res = await balancer.call('/readyz').catch((err: Error) => ({ status: err.message }));
        if (res.status !== 200) throw new Error(`nginx answers ${res.status}:\n${nginx.errors()}`);
      },
      { timeout: 30_000, interval: 100 },
    );
  } catch (err) {
    killGroup(nginx.child);
    await balancer.close();
    throw err;
  }
  return { nginx, balancer };
}

export interface Cluster {
  /** The instances' ports, in the order of the site's upstream servers. */
  ports: number[];
  https: number;
  databaseUrl: string;
  /** The filled environment file's settings (OPS_TOKEN for operator calls, JWT_SECRET to sign a student's token). */
  settings: Record<string, string>;
  /** The test certificate nginx presents, for clients to trust. */
  ca: string;
  nginx: Nginx;
  /** nginx over https, trusting the run's certificate. */
  balancer: Client;
  /** The instance now running on each port (a restart replaces it). */
  running: Instance[];
  /** Every instance ever started, for the teardown and the exit codes. */
  started: Instance[];
  /** Starts partyon@port again as systemd would; resolves once its /readyz answers 200. */
  start(index: number): Promise<Instance>;
  /** Kills whatever is left and removes the database, Redis keys and folders. */
  teardown(): Promise<void>;
}

/**
 * Three instances from the systemd unit behind the nginx site, on one new PostgreSQL database and one Redis prefix.
 * `settings` go over the operator's values (each must be named in the example file); `extraLines` are settings the
 * example does not name, appended as an operator would (a test host's OUTBOUND_TEST_HOSTS). `figures` receives how
 * long the start took.
 */
export async function startCluster(opts: {
  adminUrl: string;
  redisUrl: string;
  fromPort: number;
  kind: string;
  settings?: Record<string, string>;
  extraLines?: Record<string, string>;
  figures: string[];
}): Promise<Cluster> {
  const teardown = new Teardown();
  const started: Instance[] = [];
  let site: { nginx: Nginx; balancer: Client } | undefined;
  const cleanup = async () => {
    for (const instance of started) killGroup(instance.child);
    if (site) {
      killGroup(site.nginx.child);
      await site.balancer.close();
    }
    await teardown.run();
  };
  try {
    const scratch = scratchDir(opts.kind);
    teardown.defer('remove the scratch folder', () => rmSync(scratch, { recursive: true, force: true }));
    const [a, b, c, http, https] = await freePorts(5, opts.fromPort);
    const ports = [a, b, c];
    await ensureClientBuild();
    const databaseUrl = await createDatabase(opts.adminUrl, opts.kind.replaceAll('-', '_'), teardown);
    await migrate(root, databaseUrl);
    const certificate = makeCertificate(scratch);
    const environmentFile = join(scratch, 'partyon.env');
    writeEnvironmentFile(readFileSync(ENV_EXAMPLE, 'utf8'), { ...recipeSettings({ https, databaseUrl, redisUrl: opts.redisUrl, teardown }), ...opts.settings }, environmentFile);
    for (const [key, value] of Object.entries(opts.extraLines ?? {})) appendFileSync(environmentFile, `${key}=${value}\n`);
    const settings = readEnvironmentFile(readFileSync(environmentFile, 'utf8'));
    const running: Instance[] = [];
    const start = async (index: number) => {
      const instance = startInstance({ unitPath: UNIT, root, environmentFile, stateRoot: join(scratch, 'var-lib-partyon'), tmpRoot: join(scratch, 'tmp') }, ports[index]);
      started.push(instance);
      running[index] = instance;
      await instance.ready;
      return instance;
    };
    const began = Date.now();
    await Promise.all(ports.map((_, i) => start(i)));
    opts.figures.push(`three instances ready after ${((Date.now() - began) / 1000).toFixed(1)} s`);
    site = await startSite(join(scratch, 'nginx'), { upstreams: ports, http, https }, certificate);
    return { ports, https, databaseUrl, settings, ca: certificate.pem, nginx: site.nginx, balancer: site.balancer, running, started, start, teardown: cleanup };
  } catch (err) {
    await cleanup().catch(() => undefined);
    throw err;
  }
}
