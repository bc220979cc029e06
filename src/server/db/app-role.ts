import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type pg from 'pg';

/**
 * On PostgreSQL the app's queries run as a role of their own that owns no table and is no superuser, so no bug and no
 * injected statement of ours can rewrite history: it may read and add to `audit_log`, never update, delete, truncate
 * it or drop its triggers. Migrations run as the tables' owner (DATABASE_OWNER_URL, or DATABASE_URL itself) and grant
 * the role what the app needs after every migration, so a table a migration adds is covered at once.
 *
 * Every pool connection starts as this role (pg-pool.ts asks for it in the startup packet), whoever DATABASE_URL signs
 * in as: the role itself (deploy/install.sh makes it a login role), the owner, or a superuser (CI, a laptop) — a
 * superuser's session acting as the role has only the role's rights.
 */
export const APP_ROLE = 'partyon_app';

/** Tables the app may read and add to, never change: what happened stays as it was written. */
const APPEND_ONLY_TABLES = ['audit_log'];

// Statements are fixed text: the role and table names are our constants, never input.
const q = (name: string) => `"${name}"`;

export async function grantAppRole(owner: pg.Client): Promise<void> {
  // Several instances (or test files) may start at once on one cluster, and roles are the cluster's, not a
  // database's: the loser of a race to create the role finds it made.
  await owner.query(`DO $$ BEGIN
    IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${APP_ROLE}') THEN
      CREATE ROLE ${q(APP_ROLE)} NOLOGIN;
    END IF;
  EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
  END $$`).catch((err: Error) => {
    throw new Error(
      `PostgreSQL: the role ${APP_ROLE} the app's queries run as does not exist, and the migrations' user cannot create it (${err.message}). ` +
        `Create it once as a superuser — deploy/install.sh does: CREATE ROLE ${APP_ROLE} LOGIN PASSWORD '…'; GRANT ${APP_ROLE} TO <owner>;`,
    );
  });
  // The owner (not a superuser) must be able to act as the role when DATABASE_URL signs in as the owner.
  const { rows } = await owner.query<{ superuser: boolean; member: boolean; self: boolean }>(
    `SELECT rolsuper AS superuser, pg_has_role(current_user, '${APP_ROLE}', 'MEMBER') AS member, current_user = '${APP_ROLE}' AS self
       FROM pg_roles WHERE rolname = current_user`,
  );
  if (rows[0]?.self) throw new Error(`PostgreSQL: migrations must run as the tables' owner, not as ${APP_ROLE} (set DATABASE_OWNER_URL)`);
  if (!rows[0]?.superuser && !rows[0]?.member) await owner.query(`GRANT ${q(APP_ROLE)} TO CURRENT_USER`);
  await owner.query(`GRANT USAGE ON SCHEMA public TO ${q(APP_ROLE)}`);
  await owner.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${q(APP_ROLE)}`);
  await owner.query(`GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO ${q(APP_ROLE)}`);
  // Drizzle's record of applied migrations, read by an instance signed in as the role (assertMigrated).
  await owner.query(`GRANT USAGE ON SCHEMA drizzle TO ${q(APP_ROLE)}`);
  await owner.query(`GRANT SELECT ON drizzle.__drizzle_migrations TO ${q(APP_ROLE)}`);
  for (const table of APPEND_ONLY_TABLES) await owner.query(`REVOKE UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON ${q(table)} FROM ${q(APP_ROLE)}`);
}

export async function isAppRole(client: pg.Client): Promise<boolean> {
  const { rows } = await client.query<{ app: boolean }>('select current_user = $1 as app', [APP_ROLE]);
  return rows[0]?.app === true;
}

/**
 * An instance signed in as the app role starts only on a database the owner has migrated up to this release: it
 * cannot migrate, and running against older tables would fail request by request instead of at the start.
 */
export async function assertMigrated(client: pg.Client, migrationsFolder: string): Promise<void> {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
  const applied = await client
    .query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations')
    .then((r) => r.rows[0]?.n ?? 0)
    .catch(() => 0);
  const missing = journal.entries.length - applied;
  if (missing > 0) {
    throw new Error(
      `PostgreSQL: ${missing} of ${journal.entries.length} migrations are not applied, and ${APP_ROLE} may not apply them. ` +
        'Run `npm run db:migrate` with DATABASE_OWNER_URL (the tables\' owner) first, or give the instances DATABASE_OWNER_URL.',
    );
  }
}
