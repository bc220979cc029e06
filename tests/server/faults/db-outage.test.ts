import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectPostgres } from '../../../src/server/db/connect';
import { adminQuery, scratchDatabaseName } from '../../helpers/scratch';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { tcpProxy } from './tcp-proxy';

const adminUrl = process.env.DATABASE_URL;

const admin = (sql: string) => adminQuery(adminUrl!, sql);

(adminUrl ? describe : describe.skip)(`the database going away${adminUrl ? '' : ' — skipped: DATABASE_URL is not set'}`, () => {
  const name = scratchDatabaseName('outage');
  let t: TestApp;
  let proxy: ReturnType<typeof tcpProxy>;
  beforeAll(async () => {
    await admin(`create database "${name}"`);
    const direct = new URL(adminUrl!);
    direct.pathname = `/${name}`;
    const migrator = await connectPostgres(direct.toString(), 1);
    await migrator.migrate();
    await migrator.close();
    // From here on the app reaches its database only through a proxy the test can cut.
    proxy = tcpProxy(direct.hostname, Number(direct.port || 5432));
    const viaProxy = new URL(direct);
    viaProxy.host = `127.0.0.1:${await proxy.start()}`;
    const database = await connectPostgres(viaProxy.toString(), 4);
    t = await createTestApp({ database });
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.cut();
    await admin(`drop database if exists "${name}" with (force)`);
  });

  it('answers 503 in Korean while the database is unreachable and recovers on its own', async () => {
    // A party detail always reaches the database (the public lists may be answered from their one-second cache).
    const url = '/api/detailview/parties/1/';
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    await proxy.cut();
    const down = await t.app.inject({ method: 'GET', url });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ detail: '서비스를 잠시 사용할 수 없습니다. 잠시 후 다시 시도해 주세요.' });
    expect(down.headers['retry-after']).toBe('5');
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    await proxy.start();
    await expect.poll(async () => (await t.app.inject({ method: 'GET', url })).statusCode, { timeout: 10_000 }).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });
});
