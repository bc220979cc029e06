import { afterAll, beforeAll } from 'vitest';
import { createRedisBus } from '../../../src/server/realtime/redis-bus';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createTestDatabase } from '../../helpers/test-db';
import { tcpProxy } from './tcp-proxy';

/**
 * Two instances of the app on one PostgreSQL database, sharing Redis through a proxy the test can cut or black-hole,
 * with a channel prefix of their own so no other run hears them. With `apart`, B reaches Redis through a proxy of its
 * own (`proxyB`), so `proxy` takes Redis from A alone. Fields are filled in beforeAll.
 */
export function twoInstancesBehindRedisProxy(label: string, opts: { apart?: boolean } = {}) {
  const pair = {} as { a: TestApp; b: TestApp; proxy: ReturnType<typeof tcpProxy>; proxyB?: ReturnType<typeof tcpProxy> };
  beforeAll(async () => {
    const redis = new URL(process.env.REDIS_URL!);
    const proxied = async () => {
      const proxy = tcpProxy(redis.hostname, Number(redis.port || 6379));
      return { proxy, url: `redis://127.0.0.1:${await proxy.start()}` };
    };
    const forA = await proxied();
    const forB = opts.apart ? await proxied() : forA;
    pair.proxy = forA.proxy;
    if (opts.apart) pair.proxyB = forB.proxy;
    const prefix = `partyon-${label}-${process.pid}-${Date.now()}:`;
    const shared = await createTestDatabase('postgres');
    pair.a = await createTestApp({ database: shared, bus: createRedisBus(forA.url, prefix) });
    pair.b = await createTestApp({ database: { ...shared, close: async () => undefined }, bus: createRedisBus(forB.url, prefix) });
  });
  afterAll(async () => {
    await pair.proxy?.cut();
    await pair.proxyB?.cut();
    await pair.b?.close();
    await pair.a?.close();
  });
  return pair;
}
