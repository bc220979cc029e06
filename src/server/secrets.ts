import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webpush from 'web-push';

export interface Secrets {
  jwtSecret: string;
  opsToken: string;
  /** The Web Push keys (VAPID, RFC 8292); without them (tests that send no push) the app makes a pair per start. */
  vapid?: VapidKeys;
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** Who the push services may contact about our pushes: a `mailto:` or `https:` address. */
  subject: string;
}

// A laptop run must work with no setup, yet never with a secret baked into the code: generate once, keep it in
// the data dir readable by the owner only, and let the environment override it on a real server.
function readOrCreate(dataDir: string, file: string, fromEnv?: string): string {
  if (fromEnv) return fromEnv;
  const path = join(dataDir, file);
  if (existsSync(path)) return readFileSync(path, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const value = randomBytes(32).toString('base64url');
  writeFileSync(path, value + '\n', { mode: 0o600 });
  chmodSync(path, 0o600);
  return value;
}

// The pair is generated together and kept together: every browser's subscription is bound to the public key, so
// losing or replacing it silently ends every subscription.
function readOrCreateVapid(dataDir: string, env: VapidEnv): Omit<VapidKeys, 'subject'> {
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY };
  if (env.VAPID_PUBLIC_KEY || env.VAPID_PRIVATE_KEY) throw new Error('Invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together');
  const path = join(dataDir, 'vapid-keys.json');
  if (existsSync(path)) return JSON.parse(readFileSync(path, 'utf8')) as Omit<VapidKeys, 'subject'>;
  mkdirSync(dataDir, { recursive: true });
  const keys = webpush.generateVAPIDKeys();
  writeFileSync(path, JSON.stringify(keys) + '\n', { mode: 0o600 });
  chmodSync(path, 0o600);
  return keys;
}

interface VapidEnv {
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
  VAPID_SUBJECT?: string;
}

type SecretsEnv = { NODE_ENV?: string; JWT_SECRET?: string; OPS_TOKEN?: string; PUBLIC_URL?: string } & VapidEnv;

export function loadSecrets(dataDir: string, env: SecretsEnv): Secrets {
  if (env.NODE_ENV === 'production') return fromEnvironmentOnly(env);
  return {
    jwtSecret: readOrCreate(dataDir, 'jwt-secret', env.JWT_SECRET),
    opsToken: readOrCreate(dataDir, 'ops-token', env.OPS_TOKEN),
    vapid: { ...readOrCreateVapid(dataDir, env), subject: env.VAPID_SUBJECT ?? vapidSubject(env.PUBLIC_URL) },
  };
}

/**
 * Production never generates a secret nor reads one from DATA_DIR: a secret one instance made is shared by no other.
 * config.ts refuses to start production without them (production-requirements.ts); this is the second lock.
 */
function fromEnvironmentOnly(env: SecretsEnv): Secrets {
  const { JWT_SECRET, OPS_TOKEN, VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY } = env;
  if (!JWT_SECRET || !OPS_TOKEN || !VAPID_PUBLIC_KEY || !VAPID_PRIVATE_KEY) {
    throw new Error('Invalid configuration:\n  production takes JWT_SECRET, OPS_TOKEN and the VAPID key pair from the environment only');
  }
  const vapid = { publicKey: VAPID_PUBLIC_KEY, privateKey: VAPID_PRIVATE_KEY, subject: env.VAPID_SUBJECT ?? vapidSubject(env.PUBLIC_URL) };
  return { jwtSecret: JWT_SECRET, opsToken: OPS_TOKEN, vapid };
}

/** The site's own https address when it has one; a laptop demo has none, and a local push service asks for none. */
function vapidSubject(publicUrl?: string): string {
  return publicUrl?.startsWith('https://') ? publicUrl : 'mailto:partyon@localhost';
}
