import { sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { pushOutbox } from '../db/schema/push-outbox';

/**
 * The pushes waiting in the outbox (push/outbox-worker.ts), for the metrics: how many, and how long the oldest has
 * waited. A backlog that grows, or an oldest push minutes old, means no instance is sending (or the push services
 * refuse); rows past the TTL are dropped, so the age stays under an hour. `now`: the app's clock.
 */
export async function outboxBacklog(db: Db, now: Date = new Date()): Promise<{ rows: number; oldestAgeSeconds: number }> {
  const [row] = await db
    .select({
      rows: sql<number>`count(*)`.mapWith(Number),
      oldestAgeSeconds: sql<number>`coalesce(extract(epoch from (${now.toISOString()}::timestamptz - min(${pushOutbox.createdAt}))), 0)`.mapWith(Number),
    })
    .from(pushOutbox);
  return { rows: row?.rows ?? 0, oldestAgeSeconds: Math.max(0, Math.floor(row?.oldestAgeSeconds ?? 0)) };
}
