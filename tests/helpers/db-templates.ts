import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { connectPostgres, migratedPgliteDump } from '../../src/server/db/connect';
import { adminQuery, scratchDatabaseName } from './scratch';

// Every server test file starts databases of its own; made from nothing, each one costs seconds of CPU (PGlite's
// initdb, then the migrations), and a run makes over a hundred of them. So the run's global setup migrates one of
// each kind once — a PGlite dump in the run's folder, a template database on DATABASE_URL — and test-db.ts copies
// those. The workers find them through the environment they inherit.
export const PGLITE_TEMPLATE_ENV = 'PARTYON_TEST_PGLITE_TEMPLATE';
export const PG_TEMPLATE_ENV = 'PARTYON_TEST_PG_TEMPLATE';

/** Makes the run's templates (scratch-setup.ts); the run's teardown drops the database with the run's others. */
export async function makeDatabaseTemplates(root: string): Promise<Record<string, string>> {
  const file = join(root, 'pglite-template.tar');
  writeFileSync(file, Buffer.from(await (await migratedPgliteDump()).arrayBuffer()));
  const env: Record<string, string> = { [PGLITE_TEMPLATE_ENV]: file };
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const name = scratchDatabaseName('template');
    await adminQuery(adminUrl, `create database "${name}"`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    // Migrated, then closed: PostgreSQL copies a template only while nobody is connected to it.
    const database = await connectPostgres(url.toString(), 1);
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
    env[PG_TEMPLATE_ENV] = name;
  }
  return env;
}
