import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

// One vitest run's scratch space. The run's global setup (tests/helpers/scratch-setup.ts) makes a folder under the
// OS temp dir and a run id, and removes the folder — and drops every database named with the run id — when the run
// ends, whether each test file cleaned up after itself or not (a file that fails in beforeAll never reaches its
// afterAll). A file run some other way (no global setup) still gets folders under the OS temp dir.
const SCRATCH_ENV = 'PARTYON_TEST_SCRATCH';
const RUN_ENV = 'PARTYON_TEST_RUN';

export function scratchEnv(root: string, run: string) {
  return { [SCRATCH_ENV]: root, [RUN_ENV]: run };
}

/** A new empty folder of this run's (`prefix` names what it is for). */
export function scratchDir(prefix: string): string {
  const root = process.env[SCRATCH_ENV] ?? tmpdir();
  mkdirSync(root, { recursive: true });
  return mkdtempSync(join(root, `${prefix}-`));
}

/** A database name nobody else uses, carrying this run's id so the run's teardown can drop it if a file did not. */
export function scratchDatabaseName(kind: string): string {
  return `partyon_${kind}_${runId()}_${randomBytes(4).toString('hex')}`;
}

/** What a database name made by scratchDatabaseName for this run starts with (a LIKE pattern, `_` escaped). */
export function runDatabasePattern(run: string): string {
  return `partyon\\_%\\_${run}\\_%`;
}

function runId(): string {
  return process.env[RUN_ENV] ?? `p${process.pid}`;
}

/** One statement on the PostgreSQL of `url` over a connection of its own (create and drop database need one). */
export async function adminQuery(url: string, text: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}
