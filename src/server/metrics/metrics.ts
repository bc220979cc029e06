import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolStats } from '../db/connect';
import { registerOutboxGauges, type OutboxBacklog } from './outbox-gauges';

/** Where the figures come from; each is read when Prometheus scrapes, so nothing is counted twice or goes stale. */
export interface MetricSources {
  /** The database pool now; absent on PGlite (one connection in this process), and then no pool gauges exist. */
  poolStats?: () => PoolStats;
  /** Websockets open on this instance now. */
  openSockets: () => number;
  /** The push outbox's backlog (push/outbox-stats.ts); absent until the outbox exists, and then no outbox gauges. */
  outboxBacklog?: OutboxBacklog;
}

// Seconds. From a cached list (a few ms) to the request deadline (a statement may run 15 s, PG_DEADLINES).
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20];

/**
 * This instance's metrics in a registry of its own (two apps in one test process never share figures), in the
 * Prometheus text format. docs/operations.md says what each means and what to alert on.
 */
export function createMetrics(sources: MetricSources) {
  const registry = new Registry();
  const registers = [registry];
  // The process's own: CPU, memory, event-loop delay, open handles, garbage collection.
  collectDefaultMetrics({ register: registry });
  // prom-client names three gauges with a counter's `_total` suffix, which promtool's lint (CI) rightly flags; the same
  // figures remain, by type, in nodejs_active_handles, nodejs_active_requests and nodejs_active_resources.
  for (const name of ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total']) registry.removeSingleMetric(name);

  const requests = new Counter({
    name: 'partyon_http_requests_total',
    help: 'HTTP requests answered, by method, route template and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });
  const latency = new Histogram({
    name: 'partyon_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by method and route template.',
    labelNames: ['method', 'route'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });

  const { poolStats } = sources;
  if (poolStats) {
    new Gauge({
      name: 'partyon_db_pool_connections',
      help: 'PostgreSQL connections this instance holds open, by state: in_use (lent to a request) or idle.',
      labelNames: ['state'] as const,
      registers,
      collect() {
        const s = poolStats();
        this.set({ state: 'in_use' }, s.total - s.idle);
        this.set({ state: 'idle' }, s.idle);
      },
    });
    new Gauge({
      name: 'partyon_db_pool_waiting',
      help: 'Requests waiting for a PostgreSQL connection to come free (the pool is exhausted while above 0).',
      registers,
      collect() {
        this.set(poolStats().waiting);
      },
    });
  }

  new Gauge({
    name: 'partyon_websockets_open',
    help: 'Websockets open on this instance (lobbies and game rounds).',
    registers,
    collect() {
      this.set(sources.openSockets());
    },
  });

  const sweeps = new Counter({ name: 'partyon_sweeper_runs_total', help: 'Background sweeps finished, failed ones included.', registers });
  const sweepFailures = new Counter({ name: 'partyon_sweeper_failures_total', help: 'Background sweeps that failed (the log says why).', registers });
  const lastSweep = new Gauge({
    name: 'partyon_sweeper_last_success_timestamp_seconds',
    help: 'When the last background sweep succeeded, in Unix seconds (0: none yet since the start).',
    registers,
  });

  if (sources.outboxBacklog) registerOutboxGauges(registry, sources.outboxBacklog);

  return {
    registry,
    /** One answered request: `route` is the route template (never the raw URL, which would make a series per id). */
    requestAnswered: (method: string, route: string, status: number, seconds: number) => {
      requests.inc({ method, route, status: String(status) });
      latency.observe({ method, route }, seconds);
    },
    sweepFinished: (outcome: 'ok' | 'failed') => {
      sweeps.inc();
      if (outcome === 'failed') sweepFailures.inc();
      else lastSweep.setToCurrentTime();
    },
    /** The text Prometheus scrapes. */
    text: () => registry.metrics(),
    contentType: registry.contentType,
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
