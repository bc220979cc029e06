import { Redis } from 'ioredis';

/** Deletes every key under `prefix` (a run's own namespace), so a run leaves no counters or lists behind in Redis. */
export async function deleteRedisKeysUnder(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    for await (const keys of redis.scanStream({ match: `${prefix}*`, count: 500 })) if ((keys as string[]).length) await redis.unlink(...(keys as string[]));
  } finally {
    redis.disconnect();
  }
}
