import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Secrets {
  jwtSecret: string;
  opsToken: string;
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

export function loadSecrets(dataDir: string, env: { JWT_SECRET?: string; OPS_TOKEN?: string }): Secrets {
  return {
    jwtSecret: readOrCreate(dataDir, 'jwt-secret', env.JWT_SECRET),
    opsToken: readOrCreate(dataDir, 'ops-token', env.OPS_TOKEN),
  };
}
