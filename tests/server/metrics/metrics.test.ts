import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseConfig } from '../../../src/server/config';
import { createMetrics } from '../../../src/server/metrics/metrics';
import { startMetricsServer } from '../../../src/server/metrics/metrics-server';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { describeEachDb } from '../../helpers/test-db';

/** The value of one sample in Prometheus text, by name and its labels written as in the text; undefined when absent. */
function sample(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels ? `{${labels}}` : ''} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

/** Scrapes the metrics as Prometheus does: over their own listener. */
async function scrape(metricsUrl: string): Promise<string> {
  const res = await fetch(`${metricsUrl}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
}

describeEachDb('Prometheus metrics', (kind) => {
  let t: TestApp;
  let metricsUrl: string;
  let stopMetrics: () => Promise<void>;
  beforeAll(async () => {
    t = await createTestApp({ kind, env: { METRICS_PORT: '9464' } });
    const server = await startMetricsServer(t.app.metrics!, { host: '127.0.0.1', port: 0 });
    metricsUrl = `http://127.0.0.1:${server.port}`;
    stopMetrics = server.close;
  });
  afterAll(async () => {
    await stopMetrics?.();
    await t?.close();
  });

  it('counts requests by route template and status, never by raw URL, with a latency histogram', async () => {
    for (const id of [900001, 900002, 900003]) expect((await t.app.inject({ method: 'GET', url: `/api/detailview/parties/${id}/` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/no/such/page/at/all-12345' })).statusCode).toBe(404);
    const text = await scrape(metricsUrl);
    const detail = 'method="GET",route="/api/detailview/parties/:partyId/"';
    expect(sample(text, 'partyon_http_requests_total', `${detail},status="404"`)).toBe(3);
    expect(sample(text, 'partyon_http_requests_total', 'method="GET",route="/healthz",status="200"')).toBe(1);
    // No series per id: the numbers in the URLs are in no series' labels. (Only the labels: a sample's value may hold
    // any digits — a latency sum of 0.012021299000014552 has 900001 in it, and failed a whole-text check once.)
    const labelSets = text.match(/\{[^}\n]*\}/g) ?? [];
    expect(labelSets.length).toBeGreaterThan(0);
    expect(labelSets.filter((labels) => /90000[123]|all-12345/.test(labels))).toEqual([]);
    // The histogram counts the same requests, each in a bucket, the last bucket holding them all.
    expect(sample(text, 'partyon_http_request_duration_seconds_count', detail)).toBe(3);
    expect(sample(text, 'partyon_http_request_duration_seconds_bucket', `le="+Inf",${detail}`)).toBe(3);
    expect(sample(text, 'partyon_http_request_duration_seconds_sum', detail)).toBeGreaterThan(0);
  });

  it('are served only on their own listener, never on the public port', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    expect((await fetch(`${metricsUrl}/other`)).status).toBe(404);
  });

  it('count sweeper runs and failures', async () => {
    const before = await scrape(metricsUrl);
    const runs = sample(before, 'partyon_sweeper_runs_total') ?? 0;
    await t.app.sweeper.runOnce();
    const spy = vi.spyOn(t.clock, 'now').mockImplementationOnce(() => {
      throw new Error('a sweep that fails');
    });
    await expect(t.app.sweeper.runOnce()).rejects.toThrow('a sweep that fails');
    spy.mockRestore();
    const text = await scrape(metricsUrl);
    expect(sample(text, 'partyon_sweeper_runs_total')).toBe(runs + 2);
    expect(sample(text, 'partyon_sweeper_failures_total')).toBe((sample(before, 'partyon_sweeper_failures_total') ?? 0) + 1);
    expect(sample(text, 'partyon_sweeper_last_success_timestamp_seconds')).toBeGreaterThan(0);
  });

  if (kind === 'postgres') {
    it('report the database pool: connections in use and idle, requests waiting', async () => {
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      let began = () => {};
      const inside = new Promise<void>((resolve) => (began = resolve));
      const transaction = t.database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        began();
        await held;
      });
      await inside;
      const during = await scrape(metricsUrl);
      expect(sample(during, 'partyon_db_pool_connections', 'state="in_use"')).toBeGreaterThanOrEqual(1);
      expect(sample(during, 'partyon_db_pool_waiting')).toBe(0);
      release();
      await transaction;
      const after = await scrape(metricsUrl);
      expect(sample(after, 'partyon_db_pool_connections', 'state="in_use"')).toBe(0);
      expect(sample(after, 'partyon_db_pool_connections', 'state="idle"')).toBeGreaterThanOrEqual(1);
    });
  } else {
    it('on PGlite (one connection in this process) report no pool', async () => {
      expect(await scrape(metricsUrl)).not.toContain('partyon_db_pool_');
    });
  }
});

describe('metrics, apart from an app', () => {
  it('report the push outbox backlog and its oldest age from the function they are given, NaN when it fails', async () => {
    let answer: () => Promise<{ rows: number; oldestAgeSeconds: number }> = async () => ({ rows: 3, oldestAgeSeconds: 420 });
    const metrics = createMetrics({ openSockets: () => 2, outboxBacklog: () => answer() });
    const text = await metrics.text();
    expect(sample(text, 'partyon_push_outbox_backlog_rows')).toBe(3);
    expect(sample(text, 'partyon_push_outbox_oldest_age_seconds')).toBe(420);
    expect(sample(text, 'partyon_websockets_open')).toBe(2);
    answer = () => Promise.reject(new Error('database away'));
    // The answer is shared within one scrape (a second); the next scrape asks again.
    await vi.waitFor(async () => expect(sample(await metrics.text(), 'partyon_push_outbox_backlog_rows')).toBeNaN(), { timeout: 5_000, interval: 200 });
  });

  it('without the outbox function, no outbox gauges', async () => {
    expect(await createMetrics({ openSockets: () => 0 }).text()).not.toContain('partyon_push_outbox');
  });

  it('are off without METRICS_PORT, on 127.0.0.1 by default, and never on the public port', () => {
    expect(parseConfig({ NODE_ENV: 'test' }).config.metrics).toBeUndefined();
    expect(parseConfig({ NODE_ENV: 'test', METRICS_PORT: '9464' }).config.metrics).toEqual({ host: '127.0.0.1', port: 9464 });
    expect(parseConfig({ NODE_ENV: 'test', METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' }).config.metrics).toEqual({ host: '10.0.0.5', port: 9464 });
    expect(() => parseConfig({ NODE_ENV: 'test', PORT: '3001', METRICS_PORT: '3001' })).toThrow(/METRICS_PORT: must differ from PORT/);
    expect(() => parseConfig({ NODE_ENV: 'test', METRICS_PORT: 'nine' })).toThrow(/METRICS_PORT/);
  });

  // .ci/run installs Debian's prometheus package for promtool; a laptop without it skips, saying so.
  const promtool = (process.env.PATH ?? '').split(delimiter).some((dir) => {
    try {
      accessSync(join(dir, 'promtool'), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
  // CI must run it (.ci/run installs the package): there a missing promtool fails instead of skipping.
  if (!promtool && process.env.CI !== 'true') console.warn('[metrics] skipped "promtool check metrics": promtool is not installed (Debian: apt-get install prometheus)');
  it.skipIf(!promtool && process.env.CI !== 'true')('pass promtool check metrics with nothing to say', async () => {
    const t = await createTestApp({ env: { METRICS_PORT: '9464' } });
    try {
      await t.app.inject({ method: 'GET', url: '/api/detailview/parties/1/' });
      await t.app.sweeper.runOnce();
      const metrics = createMetrics({ openSockets: () => 0, outboxBacklog: async () => ({ rows: 0, oldestAgeSeconds: 0 }) });
      for (const text of [await t.app.metrics!.text(), await metrics.text()]) {
        const { code, out } = await new Promise<{ code: number | null; out: string }>((resolve) => {
          const child = execFile('promtool', ['check', 'metrics'], (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, out: `${stdout}${stderr}` }));
          child.stdin?.end(text);
        });
        expect(out.trim()).toBe('');
        expect(code).toBe(0);
      }
    } finally {
      await t.close();
    }
  });
});
