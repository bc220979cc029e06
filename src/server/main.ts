import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { buildClient, clientBuildIsStale, SERVER_RENDERER } from './client-build';
import { systemClock } from './clock';
import { parseConfig } from './config';
import { connectDatabase } from './db/connect';
import { connectionsEnded } from './http/drain';
import { installProcessLifecycle } from './http/process-lifecycle';
import { startMetricsServer } from './metrics/metrics-server';
import { seedIfEmpty } from './db/seed/seed';
import { writeServerAddress } from './ops/server-address';
import { createLocalBus } from './realtime/bus';
import { createRedisBus } from './realtime/redis-bus';
import { loadSecrets } from './secrets';
import { storageFor } from './storage/storage-for';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

async function main() {
  const { config, env } = parseConfig();
  const dataDir = resolve(config.dataDir);
  const clientDir = join(root, 'dist/client');
  const log = (msg: string) => console.log(`[partyon] ${msg}`);

  if (process.env.SKIP_CLIENT_BUILD !== '1' && clientBuildIsStale(root, clientDir)) {
    log('building the client (first start or sources changed)…');
    await buildClient(root);
  }

  const database = await connectDatabase({
    databaseUrl: config.databaseUrl,
    migrationDatabaseUrl: config.migrationDatabaseUrl,
    poolSize: config.databasePoolSize,
    dataDir,
  });
  await database.migrate();
  // Production never gains the demo campus: its accounts sign in with a password the README publishes (and a
  // database that has them anyway gets them disabled when the app is ready: db/seed/demo-lockout.ts).
  if (config.env !== 'production' && (await seedIfEmpty(database.db, systemClock))) log('seeded the demo campus (see README for demo accounts)');
  if (config.env === 'production' && config.singleInstance) {
    log(
      `SINGLE_INSTANCE=true: one instance only — ${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${dataDir}`}, ` +
        `${config.redisUrl ? 'Redis' : 'no Redis (rate limits and live events stay in this process)'}. Never start a second instance on this.`,
    );
  }

  const bus = config.redisUrl ? createRedisBus(config.redisUrl, config.redisPrefix) : createLocalBus();
  const app = await buildApp({
    config,
    database,
    bus,
    clock: systemClock,
    // With DATABASE_URL the uploads live in PostgreSQL beside the rows naming them, so every instance serves them.
    storage: storageFor(database, dataDir),
    secrets: loadSecrets(dataDir, env),
    clientDir,
    serverRenderer: join(root, SERVER_RENDERER),
    artDir: join(root, 'assets'),
    logger: { level: config.logLevel },
    runJobs: true,
  });

  let forgetAddress = () => {};
  let closeMetrics = async () => {};
  // Signals stop the server within a deadline; stray errors are logged as JSON lines (process-lifecycle.ts).
  installProcessLifecycle({
    log: app.log,
    close: async () => {
      forgetAddress();
      // Not ready from this moment, still answering, no connection kept alive; the balancer's idle connections end
      // before the listener closes (http/drain.ts).
      app.drain.begin();
      // The push sender stops claiming now and gives its sends in flight their grace beside the drain's, not after
      // it, so the whole stop stays well inside the deadline (push/outbox-worker.ts); the app's close awaits it.
      void app.push.stop();
      await connectionsEnded(app.server);
      await closeMetrics();
      await app.close();
      await bus.close();
      await database.close();
    },
  });

  await app.listen({ host: config.host, port: config.port });
  const { port } = app.server.address() as { port: number };
  // For `npm run ops` on this machine (ops/server-address.ts); a read-only data dir only costs the CLI that hint.
  try {
    forgetAddress = writeServerAddress(dataDir, config.host, port);
  } catch (err) {
    app.log.warn({ err }, 'could not record the server address for npm run ops');
  }
  if (app.metrics && config.metrics) {
    const metricsServer = await startMetricsServer(app.metrics, config.metrics);
    closeMetrics = metricsServer.close;
    log(`metrics on http://${config.metrics.host}:${metricsServer.port}/metrics`);
  }
  const shown = config.host === '0.0.0.0' ? 'localhost' : config.host;
  log(`ready on http://${shown}:${port} (${database.kind})`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
