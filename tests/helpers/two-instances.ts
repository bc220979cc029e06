import { afterAll, beforeAll } from 'vitest';
import type { Limits } from '../../src/server/context';
import { createRedisBus } from '../../src/server/realtime/redis-bus';
import { deleteRedisKeysUnder } from './redis-keys';
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

/**
 * Two instances on one database (PostgreSQL when there is one), as behind a load balancer, counting their rate limits
 * in one Redis (REDIS_URL) under `limits`. The counters outlive the apps: `name` and this run give them a namespace of
 * their own, so no earlier run is counted, and they are deleted at the end (a run leaves no keys behind). Fields are
 * filled in beforeAll.
 */
export function twoInstancesCountingInRedis(name: string, limits: Partial<Limits>) {
  const pair = {} as { a: TestApp; b: TestApp };
  const env = { REDIS_URL: process.env.REDIS_URL!, REDIS_PREFIX: `partyon-${name}-${process.pid}-${Date.now()}:` };
  beforeAll(async () => {
    const shared = await createTestDatabase(process.env.DATABASE_URL ? 'postgres' : 'pglite');
    pair.a = await createTestApp({ database: shared, env, limits });
    pair.b = await createTestApp({ database: { ...shared, close: async () => undefined }, env, limits });
  });
  afterAll(async () => {
    await pair.b?.close();
    await pair.a?.close();
    await deleteRedisKeysUnder(env.REDIS_URL, env.REDIS_PREFIX);
  });
  return pair;
}
