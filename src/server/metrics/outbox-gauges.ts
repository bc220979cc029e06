import { Gauge, type Registry } from 'prom-client';

/** What push/outbox-stats.ts's outboxBacklog(db) answers, bound to the database. */
export type OutboxBacklog = () => Promise<{ rows: number; oldestAgeSeconds: number }>;

// prom-client collects the gauges of one scrape side by side: one question answers both within this window.
const SHARED_ANSWER_MS = 1_000;

/**
 * The push outbox's backlog and the age of its oldest row, asked once per scrape. When the question fails (the
 * database is away) both read NaN for that scrape rather than a stale or a reassuring 0; the rest of the scrape,
 * the pool gauges included, still answers.
 */
export function registerOutboxGauges(registry: Registry, backlog: OutboxBacklog) {
  let last: { at: number; answer: Promise<{ rows: number; oldestAgeSeconds: number } | undefined> } | undefined;
  const answer = () => {
    const now = Date.now();
    if (!last || now - last.at > SHARED_ANSWER_MS) last = { at: now, answer: backlog().catch(() => undefined) };
    return last.answer;
  };
  new Gauge({
    name: 'partyon_push_outbox_backlog_rows',
    help: 'Push notifications waiting in the outbox to be delivered (NaN: the outbox could not be read).',
    registers: [registry],
    async collect() {
      this.set((await answer())?.rows ?? Number.NaN);
    },
  });
  new Gauge({
    name: 'partyon_push_outbox_oldest_age_seconds',
    help: 'Age of the oldest push notification waiting in the outbox, in seconds; 0 when it is empty (NaN: unreadable).',
    registers: [registry],
    async collect() {
      this.set((await answer())?.oldestAgeSeconds ?? Number.NaN);
    },
  });
}
