import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeDatabaseTemplates } from './db-templates';
import { adminQuery, runDatabasePattern, scratchEnv } from './scratch';

/**
 * Vitest global setup of the server tests: the run's scratch folder and id (tests/helpers/scratch.ts) and its
 * database templates (db-templates.ts), handed to the test workers through the environment they inherit. The
 * teardown leaves the machine as the run found it.
 */
export default async function setup() {
  const run = randomBytes(4).toString('hex');
  const root = mkdtempSync(join(tmpdir(), 'partyon-vitest-'));
  Object.assign(process.env, scratchEnv(root, run));
  const teardown = async () => {
    rmSync(root, { recursive: true, force: true });
    const adminUrl = process.env.DATABASE_URL;
    if (!adminUrl) return;
    const left = await adminQuery(adminUrl, `select datname from pg_database where datname like '${runDatabasePattern(run)}'`);
    for (const { datname } of left.rows as { datname: string }[]) {
      await adminQuery(adminUrl, `drop database if exists "${datname}" with (force)`);
    }
  };
  try {
    // The migrated databases every test file copies (db-templates.ts).
    Object.assign(process.env, await makeDatabaseTemplates(root));
  } catch (error) {
    // Vitest runs no teardown for a setup that failed: what it made so far goes now.
    await teardown().catch(() => undefined);
    throw error;
  }
  return teardown;
}
