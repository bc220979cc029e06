import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { operators } from '../../../src/server/db/schema/operators';
import { API_MESSAGES as M } from '../../../src/shared/api-messages';
import { AUDIT_ACTION_LABELS } from '../../../src/shared/audit';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { adminQuery } from '../../helpers/scratch';
import { createPostgresTestDatabase, describeEachDb } from '../../helpers/test-db';
import { createOperator, OPERATOR_PASSWORD, operatorLogin, signIn, tokenAuth } from './operator-helpers';

type Headers = Record<string, string>;
const MIGRATIONS = fileURLToPath(new URL('../../../src/server/db/migrations/', import.meta.url));

describeEachDb('operators managed in the console: the admin role', (kind) => {
  let t: TestApp;
  let seq = 0;
  const name = () => `role_${process.pid % 1000}_${(seq += 1)}`;
  const call = (method: 'GET' | 'POST', url: string, headers: Headers, payload?: object) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const act = (headers: Headers, username: string, what: 'disable' | 'enable' | 'password' | 'admin', payload?: object) =>
    call('POST', `/api/ops/operators/${username}/${what}/`, headers, payload);
  const setAdmin = (headers: Headers, username: string, admin: boolean) => act(headers, username, 'admin', { admin });
  const me = async (headers: Headers) => (await call('GET', '/api/ops/auth/me/', headers)).json() as { is_admin: boolean };
  const listed = async (headers: Headers) => ((await call('GET', '/api/ops/operators/', headers)).json() as { results: { username: string; is_admin: boolean; disabled_at: string | null; last_signed_in_at: string | null }[] }).results;

  /** A new operator made admin by the server's token, signed in. */
  async function admin() {
    const op = await createOperator(t, name());
    expect((await setAdmin(tokenAuth(t), op.username, true)).statusCode).toBe(200);
    return { ...op, auth: await signIn(t, op.username) };
  }

  let ownerUrl: string | undefined;
  beforeAll(async () => {
    const database = kind === 'postgres' ? await createPostgresTestDatabase() : undefined;
    ownerUrl = database?.url;
    t = await createTestApp({ kind, database });
  });
  /** A schema change, as the tables' owner: on PostgreSQL the app's own queries may not alter a table. */
  const asOwner = async (statement: string) => {
    if (ownerUrl) await adminQuery(ownerUrl, statement);
    else await t.database.db.execute(sql.raw(statement));
  };
  afterAll(() => t?.close());

  it('the migration leaves every existing operator a non-admin; only the X-Ops-Token names one, and takes it back', async () => {
    const before = [await createOperator(t, name()), await createOperator(t, name())];
    // The schema as it was before the migration, with these operators in it; then the migration's own file.
    await asOwner('alter table operators drop column is_admin, drop column last_signed_in_at');
    const file = readdirSync(MIGRATIONS).find((f) => f.endsWith('_operator_roles.sql'));
    for (const statement of readFileSync(MIGRATIONS + String(file), 'utf8').split('--> statement-breakpoint')) await asOwner(statement);
    expect((await t.database.db.select({ isAdmin: operators.isAdmin }).from(operators)).every((o) => !o.isAdmin)).toBe(true);

    const auth = await signIn(t, before[0].username);
    expect(await me(auth)).toMatchObject({ is_admin: false });
    const named = await setAdmin(tokenAuth(t), before[0].username, true);
    expect(named.json()).toMatchObject({ username: before[0].username, is_admin: true, disabled_at: null });
    // Read on every request: the same session is an admin's now, and is not one once the token takes it back.
    expect(await me(auth)).toMatchObject({ is_admin: true });
    expect((await call('GET', '/api/ops/operators/', auth)).statusCode).toBe(200);
    expect((await setAdmin(tokenAuth(t), before[0].username, false)).json()).toMatchObject({ is_admin: false });
    expect((await call('GET', '/api/ops/operators/', auth)).statusCode).toBe(403);
  });

  it('a non-admin operator hears 403 in Korean from every operator-management route', async () => {
    const other = await createOperator(t, name());
    const auth = await signIn(t, (await createOperator(t, name())).username);
    const refused = [
      await call('GET', '/api/ops/operators/', auth),
      await call('POST', '/api/ops/operators/', auth, { username: name(), password: OPERATOR_PASSWORD }),
      await act(auth, other.username, 'disable'),
      await act(auth, other.username, 'enable'),
      await act(auth, other.username, 'password', { password: 'another-pass1' }),
      await setAdmin(auth, other.username, true),
    ];
    for (const [i, res] of refused.entries()) {
      expect(res.statusCode, `call ${i}`).toBe(403);
      expect(res.json()).toEqual({ detail: M.opsAdminOnly });
    }
    expect((await operatorLogin(t, other.username)).statusCode).toBe(200);
  });

  it('an admin lists, adds, disables, enables and resets operators; each change is one audit row with its Korean label', async () => {
    const boss = await admin();
    const username = name();
    const added = await call('POST', '/api/ops/operators/', boss.auth, { username, password: OPERATOR_PASSWORD });
    expect(added.statusCode).toBe(201);
    const id = (added.json() as { id: number }).id;
    expect((await call('POST', '/api/ops/operators/', boss.auth, { username, password: OPERATOR_PASSWORD })).json()).toEqual({ username: [M.usernameTaken] });
    expect((await call('POST', '/api/ops/operators/', boss.auth, { username: name(), password: 'short' })).json()).toEqual({ password: [M.passwordShort] });

    t.clock.advance(60_000);
    await signIn(t, username);
    const row = (await listed(boss.auth)).find((o) => o.username === username);
    expect(row).toEqual({ id, username, is_admin: false, created_at: expect.any(String), disabled_at: null, last_signed_in_at: t.clock.now().toISOString() });

    expect((await act(boss.auth, username, 'disable')).json()).toMatchObject({ disabled_at: t.clock.now().toISOString() });
    expect((await act(boss.auth, username, 'enable')).json()).toMatchObject({ disabled_at: null });
    expect((await act(boss.auth, username, 'password', { password: 'short' })).json()).toEqual({ password: [M.passwordShort] });
    expect((await act(boss.auth, username, 'password', { password: 'new-initial1' })).statusCode).toBe(200);
    expect((await operatorLogin(t, username)).statusCode).toBe(400);
    expect((await operatorLogin(t, username, 'new-initial1')).statusCode).toBe(200);
    expect((await setAdmin(boss.auth, username, true)).json()).toMatchObject({ is_admin: true });

    const log = await call('GET', `/api/ops/audit/?target_type=operator&target_id=${id}`, tokenAuth(t));
    const rows = (log.json() as { results: { action: keyof typeof AUDIT_ACTION_LABELS; action_label: string; actor: string; after: unknown }[] }).results;
    expect(rows.map((r) => [r.action, r.action_label])).toEqual(
      (['operator.admin', 'operator.password', 'operator.enable', 'operator.disable', 'operator.create'] as const).map((a) => [a, AUDIT_ACTION_LABELS[a]]),
    );
    expect(rows.every((r) => r.actor === boss.username)).toBe(true);
    // The password itself is never in the log.
    expect(JSON.stringify(rows)).not.toContain('new-initial1');
  });

  it('an admin cannot disable or demote themself (409 in Korean); another admin and the token can', async () => {
    const [boss, second] = [await admin(), await admin()];
    const self = [await act(boss.auth, boss.username, 'disable'), await setAdmin(boss.auth, boss.username, false)];
    expect(self.map((r) => [r.statusCode, r.json()])).toEqual([
      [409, { detail: M.opsSelfDisable }],
      [409, { detail: M.opsSelfDemote }],
    ]);
    expect(await me(boss.auth)).toMatchObject({ is_admin: true });
    // Naming oneself admin again changes nothing and is no refusal.
    expect((await setAdmin(boss.auth, boss.username, true)).statusCode).toBe(200);
    expect((await setAdmin(second.auth, boss.username, false)).json()).toMatchObject({ is_admin: false });
    expect((await setAdmin(tokenAuth(t), second.username, false)).json()).toMatchObject({ is_admin: false });
    expect((await act(tokenAuth(t), second.username, 'disable')).statusCode).toBe(200);
  });

  it("disabling ends the operator's sessions at once; a password reset ends theirs too, but not the admin's own", async () => {
    const boss = await admin();
    const op = await createOperator(t, name());
    const sessions = [await signIn(t, op.username), await signIn(t, op.username)];
    expect((await act(boss.auth, op.username, 'disable')).json()).toMatchObject({ revoked_sessions: 2 });
    for (const auth of sessions) expect((await call('GET', '/api/ops/status/', auth)).json()).toEqual({ detail: M.opsSessionInvalid });
    expect((await operatorLogin(t, op.username)).statusCode).toBe(400);

    expect((await act(boss.auth, op.username, 'enable')).statusCode).toBe(200);
    const again = await signIn(t, op.username);
    expect((await act(boss.auth, op.username, 'password', { password: 'fresh-start1' })).json()).toMatchObject({ revoked_sessions: 1 });
    expect((await call('GET', '/api/ops/status/', again)).statusCode).toBe(401);

    const bossElsewhere = await signIn(t, boss.username);
    expect((await act(boss.auth, boss.username, 'password', { password: 'boss-new-pass1' })).json()).toMatchObject({ revoked_sessions: 1 });
    expect((await call('GET', '/api/ops/status/', boss.auth)).statusCode).toBe(200);
    expect((await call('GET', '/api/ops/status/', bossElsewhere)).statusCode).toBe(401);
  });

  it('answers 404 for an unknown operator and 400 for an admin flag that is not one', async () => {
    const boss = await admin();
    const unknown = await act(boss.auth, 'nobody_here', 'password', { password: OPERATOR_PASSWORD });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: '운영자를 찾을 수 없습니다.' });
    expect((await setAdmin(boss.auth, 'nobody_here', true)).statusCode).toBe(404);
    const bad = await act(boss.auth, boss.username, 'admin', { admin: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ admin: ['admin은 true 또는 false여야 합니다.'] });
  });
});
