import { afterAll, beforeAll } from 'vitest';
import { createRedisBus } from '../../../src/server/realtime/redis-bus';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createTestDatabase } from '../../helpers/test-db';
import { tcpProxy } from './tcp-proxy';

/**
 * Two instances of the app on one PostgreSQL database, sharing Redis through a proxy the test can cut or black-hole,
 * with a channel prefix of their own so no other run hears them. Fields are filled in beforeAll.
 */
export function twoInstancesBehindRedisProxy(label: string) {
  const pair = {} as { a: TestApp; b: TestApp; proxy: ReturnType<typeof tcpProxy> };
  beforeAll(async () => {
    const redis = new URL(process.env.REDIS_URL!);
    pair.proxy = tcpProxy(redis.hostname, Number(redis.port || 6379));
    const via = `redis://127.0.0.1:${await pair.proxy.start()}`;
    const prefix = `partyon-${label}-${process.pid}-${Date.now()}:`;
    const shared = await createTestDatabase('postgres');
    pair.a = await createTestApp({ database: shared, bus: createRedisBus(via, prefix) });
    pair.b = await createTestApp({ database: { ...shared, close: async () => undefined }, bus: createRedisBus(via, prefix) });
  });
  afterAll(async () => {
    await pair.proxy?.cut();
    await pair.b?.close();
    await pair.a?.close();
  });
  return pair;
}
