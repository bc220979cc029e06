import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ROLE } from '../../../src/server/db/app-role';
import { connectPostgres, type Database } from '../../../src/server/db/connect';
import { adminQuery, scratchDatabaseName } from '../../helpers/scratch';

const adminUrl = process.env.DATABASE_URL;

// drizzle wraps the database's error; the database's words are on its cause.
const refusal = (query: PromiseLike<unknown>) =>
  Promise.resolve(query).then(
    () => 'accepted',
    (err: Error & { cause?: Error }) => err.cause?.message ?? err.message,
  );
const one = async <T>(database: Database, query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows[0];

/**
 * The layout deploy/install.sh makes: a login role that owns the database and runs the migrations, and the app's
 * queries acting as APP_ROLE. CI's DATABASE_URL is a superuser's; that case is covered by every PostgreSQL suite
 * (tests/server/ops/audit.test.ts tries the refusals), this one by a role made here.
 */
(adminUrl ? describe : describe.skip)(`the app's database role${adminUrl ? '' : ' — skipped: DATABASE_URL is not set'}`, () => {
  const owner = `partyon_owner_${randomBytes(4).toString('hex')}`;
  const name = scratchDatabaseName('role');
  let database: Database;
  let ownerUrl: string;
  beforeAll(async () => {
    const url = new URL(adminUrl!);
    await adminQuery(adminUrl!, `create role "${owner}" login`);
    await adminQuery(adminUrl!, `create database "${name}" owner "${owner}"`);
    // The role is the cluster's: another test file may have made it already.
    await adminQuery(adminUrl!, `do $$ begin create role "${APP_ROLE}" nologin; exception when duplicate_object or unique_violation then null; end $$`);
    await adminQuery(adminUrl!, `grant "${APP_ROLE}" to "${owner}"`);
    url.pathname = `/${name}`;
    url.username = owner;
    url.password = '';
    ownerUrl = url.toString();
    database = await connectPostgres(ownerUrl, 2);
    await database.migrate();
  });
  afterAll(async () => {
    await database?.close();
    await adminQuery(adminUrl!, `drop database if exists "${name}" with (force)`);
    await adminQuery(adminUrl!, `drop role if exists "${owner}"`);
  });

  it("runs the app's queries as the app role, which owns nothing and may only read and add to the audit log", async () => {
    expect(await one(database, sql`select current_user as acting, session_user as signed_in`)).toEqual({ acting: APP_ROLE, signed_in: owner });
    const rights = await one<Record<string, boolean>>(
      database,
      sql.raw(`select ${['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'TRIGGER']
        .map((p) => `has_table_privilege('audit_log', '${p}') as "${p}"`)
        .join(', ')}, has_table_privilege('users', 'UPDATE') as users_update, has_table_privilege('users', 'DELETE') as users_delete`),
    );
    expect(rights).toEqual({ SELECT: true, INSERT: true, UPDATE: false, DELETE: false, TRUNCATE: false, TRIGGER: false, users_update: true, users_delete: true });
    const tablesOwned = await one<{ n: number }>(database, sql`select count(*)::int as n from pg_tables where tableowner = current_user`);
    expect(tablesOwned.n).toBe(0);
  });

  it('refuses UPDATE, DELETE, TRUNCATE and DROP TRIGGER on the audit log as the app', async () => {
    await database.db.execute(
      sql`insert into audit_log (actor, action, target_type, target_id) values ('ops-token', 'points.grant', 'user', 1)`,
    );
    expect(await refusal(database.db.execute(sql`update audit_log set actor = 'someone_else'`))).toBe('permission denied for table audit_log');
    expect(await refusal(database.db.execute(sql`delete from audit_log`))).toBe('permission denied for table audit_log');
    expect(await refusal(database.db.execute(sql`truncate audit_log`))).toBe('permission denied for table audit_log');
    expect(await refusal(database.db.execute(sql`drop trigger audit_log_no_rewrite on audit_log`))).toMatch(/^must be owner of (table|relation) audit_log$/);
    expect(await refusal(database.db.execute(sql`alter table audit_log disable trigger all`))).toMatch(/^must be owner of (table|relation) audit_log$/);
    expect((await one<{ n: number }>(database, sql`select count(*)::int as n from audit_log`)).n).toBe(1);
  });

  it("keeps the owner's own TRUNCATE, UPDATE and DELETE out by the log's triggers", async () => {
    const client = new pg.Client({ connectionString: ownerUrl });
    await client.connect();
    try {
      for (const statement of ['truncate audit_log', "update audit_log set actor = 'x'", 'delete from audit_log']) {
        await expect(client.query(statement), statement).rejects.toThrow('audit_log is append-only');
      }
    } finally {
      await client.end();
    }
  });

  it("migrates as DATABASE_OWNER_URL's user while the app signs in as another", async () => {
    const appUrl = new URL(adminUrl!);
    appUrl.pathname = `/${name}`;
    const second = await connectPostgres(appUrl.toString(), 1, ownerUrl);
    try {
      await second.migrate();
      expect(await one(second, sql`select current_user as acting, (select tableowner from pg_tables where tablename = 'audit_log') as owner`)).toEqual({
        acting: APP_ROLE,
        owner,
      });
    } finally {
      await second.close();
    }
  });

  it('lets an instance signed in as the app role start only on a migrated database; npm run db:migrate migrates as the owner', async () => {
    const fresh = scratchDatabaseName('role');
    const { rows } = await adminQuery(adminUrl!, `select rolcanlogin from pg_roles where rolname = '${APP_ROLE}'`);
    const couldLogIn = (rows[0] as { rolcanlogin: boolean }).rolcanlogin;
    // The deploy recipe's layout: the instances sign in as the role itself (trust authentication here).
    await adminQuery(adminUrl!, `alter role "${APP_ROLE}" login`);
    await adminQuery(adminUrl!, `create database "${fresh}" owner "${owner}"`);
    const as = (user: string, db: string) => {
      const url = new URL(adminUrl!);
      url.pathname = `/${db}`;
      url.username = user;
      url.password = '';
      return url.toString();
    };
    try {
      const onMigrated = await connectPostgres(as(APP_ROLE, name), 1);
      await onMigrated.migrate().finally(() => onMigrated.close());
      const onFresh = await connectPostgres(as(APP_ROLE, fresh), 1);
      await expect(onFresh.migrate().finally(() => onFresh.close())).rejects.toThrow(/migrations are not applied.*npm run db:migrate/);
      const migrated = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/db/migrate-main.ts'], {
        env: { ...process.env, DATABASE_URL: as(APP_ROLE, fresh), DATABASE_OWNER_URL: as(owner, fresh) },
        encoding: 'utf8',
      });
      expect(migrated.status, migrated.stderr).toBe(0);
      expect(migrated.stdout).toMatch(/db:migrate: the database is up to date/);
      const after = await connectPostgres(as(APP_ROLE, fresh), 1);
      await after.migrate().finally(() => after.close());
    } finally {
      await adminQuery(adminUrl!, `drop database if exists "${fresh}" with (force)`);
      if (!couldLogIn) await adminQuery(adminUrl!, `alter role "${APP_ROLE}" nologin`);
    }
  });

  it('migrates again on a later start (grants included) without an error', async () => {
    await database.migrate();
    expect(await one(database, sql`select current_user as acting`)).toEqual({ acting: APP_ROLE });
  });
});
