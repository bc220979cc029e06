import { afterAll, beforeAll } from 'vitest';
import { createRedisBus } from '../../src/server/realtime/redis-bus';
import { createTestApp, type TestApp } from './test-app';
import { createTestDatabase } from './test-db';

/**
 * Two instances of the app on one PostgreSQL database and one Redis (DATABASE_URL, REDIS_URL), as a deploy behind a
 * load balancer runs them, with a channel prefix of their own so no other run hears them. Only the first instance's
 * close drops the database. Fields are filled in beforeAll.
 */
export function twoInstancesOnRedis() {
  const pair = {} as { a: TestApp; b: TestApp };
  beforeAll(async () => {
    const shared = await createTestDatabase('postgres');
    const prefix = `partyon-test-${process.pid}-${Date.now()}:`;
    pair.a = await createTestApp({ database: shared, bus: createRedisBus(process.env.REDIS_URL!, prefix) });
    pair.b = await createTestApp({ database: { ...shared, close: async () => undefined }, bus: createRedisBus(process.env.REDIS_URL!, prefix) });
  });
  afterAll(async () => {
    await pair.b?.close();
    await pair.a?.close();
  });
  return pair;
}
