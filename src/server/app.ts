import compress from '@fastify/compress';
import etag from '@fastify/etag';
import multipart from '@fastify/multipart';
import websocket from '@fastify/websocket';
import { constants as zlibConstants } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { UPLOAD_MAX_BYTES } from '../shared/constants';
import { createAccessTokens } from './auth/access-token';
import { authRoutes } from './auth/routes';
import { type AppDeps, type Ctx, DEFAULT_LIMITS } from './context';
import { createAccessCheck } from './http/access-cache';
import { installAuth } from './http/auth-guard';
import { answerFrameworkError, answerSocketError, installErrorHandler } from './http/errors';
import { type Drain, installDrain } from './http/drain';
import { healthRoutes } from './http/health-routes';
import { loggerOptions } from './http/log-redaction';
import { installRouteSchemas } from './http/route-schemas';
import { installApiDocs } from './http/api-docs';
import { installSecurity } from './http/security';
import { installStaticFiles, preparePages } from './pages/static-files';
import { createSweeper, type Sweeper } from './jobs/sweeper';
import { installHttpMetrics } from './metrics/http-metrics';
import { createMetrics, type Metrics } from './metrics/metrics';
import { lockOutDemoAccounts } from './db/seed/demo-lockout';
import { createSocketHub } from './realtime/socket-hub';
import { socketRoutes } from './realtime/socket-routes';
import { gameRoutes } from './game/routes';
import { partyAssistRoutes } from './partyassist/routes';
import { noticeRoutes } from './notice/routes';
import { myPageRoutes } from './mypage/routes';
import { opsRoutes } from './ops/routes';
import { campusRoutes } from './campus/routes';
import { partyRoutes } from './parties/routes';
import { reserveRoutes } from './reserve/routes';
import { handOnAfterCommit } from './notice/after-commit';
import { createOutboundPolicy } from './http/outbound-policy';
import { PUSH_TITLE } from './notice/messages';
import { outboxBacklog } from './push/outbox-stats';
import { createPushWorker, type PushWorker } from './push/outbox-worker';
import { pushRoutes } from './push/routes';
import { ensurePrivacyPolicy } from './privacy/current-policy';
import { privacyRoutes } from './privacy/routes';
import webpush from 'web-push';
import { createMailer, type Mailer } from './mail/mailer';

/** How long a websocket told 1001 has to answer before the shutdown cuts it (well inside SHUTDOWN_DEADLINE_MS). */
const SOCKET_CLOSE_GRACE_MS = 2_000;

declare module 'fastify' {
  interface FastifyInstance {
    sweeper: Sweeper;
    /** This instance's Prometheus metrics; undefined without METRICS_PORT (main.ts serves them on their own port). */
    metrics: Metrics | undefined;
    /** The shutdown's first step; main.ts begins it on SIGTERM, app.close() at the latest (http/drain.ts). */
    drain: Drain;
    push: PushWorker;
    mailer: Mailer;
  }
}

/**
 * The composition root: everything the app talks to comes in through `deps`, so a test can hand in an in-memory
 * database, a fake clock and a temp folder, and two instances in one process never share state by accident.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app: FastifyInstance = Fastify({
    // JSON lines with a request id, access tokens redacted (log-redaction.ts).
    logger: loggerOptions(deps.logger),
    trustProxy: deps.config.trustProxy,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: 'x-request-id',
    bodyLimit: 256 * 1024,
    // Socket deadlines (README "Operations"). None of them cuts an open websocket: the request timers end with the
    // upgrade, and ws turns the socket's idle timer off when it takes the socket over.
    // No byte either way for a minute: the client is gone (an upload in progress keeps the socket busy).
    connectionTimeout: 60_000,
    // The whole request, body included: a 5 MB photo from a phone at ~250 kbit/s arrives in under 3 minutes.
    requestTimeout: 180_000,
    // Longer than the 60 s idle timeout of common load balancers, so the balancer is the one to close an idle
    // connection and never sends a request down one this server is closing.
    keepAliveTimeout: 72_000,
    // A real client sends its headers at once; headers dripping in for longer are a slowloris.
    http: { headersTimeout: 20_000 },
    // A URL that does not decode is refused in our format and in Korean, like every other error.
    frameworkErrors: answerFrameworkError,
    // Fastify's own 503 while closing is an English body; ours (below) is the usual Korean one with Retry-After.
    return503OnClosing: false,
  });
  // Web Push: a notice's pushes are queued in its transaction (push/outbox-write.ts) and sent by whichever instance
  // claims them (push/outbox-worker.ts) — this one at once after the commit (notice/after-commit.ts), or another.
  const vapid = deps.secrets.vapid ?? { ...webpush.generateVAPIDKeys(), subject: 'mailto:partyon@localhost' };
  // Pushes go where a browser said: only to public https addresses (http/outbound-policy.ts).
  const outbound = createOutboundPolicy({ testHosts: deps.config.outboundTestHosts });
  const push = createPushWorker({ db: deps.database.db, clock: deps.clock, vapid, outbound, log: { warn: (obj, msg) => app.log.warn(obj, msg) } });
  const access = createAccessCheck(deps.database.db);
  const mailer = createMailer(deps.config.mail, (err) => app.log.error({ err }, 'password-reset email failed'));
  const ctx: Ctx = {
    ...deps,
    db: handOnAfterCommit(deps.database.db, (notices) => {
      if (notices.some((n) => PUSH_TITLE[n.kind])) push.wake();
    }),
    tokens: createAccessTokens(deps.secrets.jwtSecret, deps.clock),
    // The defaults, then what the operator configured, then what a test or bench asks for.
    limits: { ...DEFAULT_LIMITS, ...deps.config.limits, ...deps.limits },
    // A withdrawal or a password change, here or on another instance, ends the student's sessions: the guard forgets
    // their account so the old tokens stop at once. After a bus outage the hub asks again, afresh, for each socket.
    hub: createSocketHub(
      deps.bus,
      (err) => app.log.warn({ err }, 'event bus error'),
      (userId) => access.forget(userId),
      (owner) => {
        access.forget(owner.userId);
        return access.stillValid(owner);
      },
    ),
    access,
    mailer,
  };

  // Only when Prometheus scrapes (METRICS_PORT): otherwise nothing is counted.
  const metrics = deps.config.metrics
    ? createMetrics({
        poolStats: deps.database.poolStats,
        openSockets: () => app.websocketServer.clients.size,
        outboxBacklog: () => outboxBacklog(deps.database.db, ctx.clock.now()),
      })
    : undefined;
  app.decorate('metrics', metrics);
  if (metrics) installHttpMetrics(app, metrics);

  installErrorHandler(app);
  const pages = preparePages(ctx);
  await installSecurity(app, ctx, pages?.shell.csp);
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 2, fields: 30, fieldSize: 16 * 1024, parts: 40 },
    throwFileSizeLimit: true,
  });
  // API JSON is compressed on the fly (lists are small but phones are on campus Wi-Fi); static files come
  // precompressed from the build (see static-files.ts), so the plugin leaves them alone.
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'], brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } } });
  // Weak ETags on every answer: a list that did not change costs a phone a 304 instead of the whole body.
  await app.register(etag, { weak: true });
  // The shutdown's first step (http/drain.ts): not ready, idempotent requests turned away, connections not kept alive.
  // Before the websocket plugin, so it holds from the first moment of the shutdown.
  app.decorate('drain', installDrain(app));
  await app.register(websocket, {
    options: { maxPayload: 4 * 1024 },
    // A socket's handler failing after the upgrade (the database went away while the socket was being admitted or
    // brought up to date): 1011 tells the client to reconnect with backoff, and the log says whether it was the database.
    errorHandler: answerSocketError,
    // Graceful shutdown: 1001 "going away" tells clients to reconnect (to another instance), unlike a bare close.
    preClose: async () => {
      await ctx.hub.close();
      for (const socket of app.websocketServer.clients) socket.close(1001, 'server shutting down');
      const closed = new Promise<void>((resolve) => app.websocketServer.close(() => resolve()));
      // A client that never answers the close frame (a phone that left the Wi-Fi) would hold the shutdown until ws's
      // own 30 s close timeout, past the deadline: after a grace its socket is cut.
      const grace = setTimeout(() => {
        for (const socket of app.websocketServer.clients) socket.terminate();
      }, SOCKET_CLOSE_GRACE_MS);
      await closed;
      clearTimeout(grace);
    },
  });
  installAuth(app, ctx);
  installRouteSchemas(app);
  // Before the routes: it collects them as they are added.
  await installApiDocs(app, { publicUrl: deps.config.publicUrl });
  // API answers for a logged-in student are never stored by a browser or a proxy (a shared phone, a logout);
  // public ones may be kept but are revalidated, which the ETag makes cheap.
  app.addHook('onSend', async (req, reply) => {
    if (!req.url.startsWith('/api/') || reply.hasHeader('cache-control')) return;
    const personal = !!req.headers.authorization || req.url.startsWith('/api/ops/');
    reply.header('Cache-Control', personal ? 'private, no-store' : 'no-cache');
    reply.header('Vary', 'Authorization');
  });

  // One registrar per area (each area's routes.ts), in the order of spec §7, then the sockets and the operators.
  await healthRoutes(app, ctx);
  await authRoutes(app, ctx);
  await myPageRoutes(app, ctx);
  await partyRoutes(app, ctx);
  await campusRoutes(app, ctx);
  await reserveRoutes(app, ctx);
  await noticeRoutes(app, ctx);
  await pushRoutes(app, ctx, { publicKey: vapid.publicKey, outbound });
  await partyAssistRoutes(app, ctx);
  await gameRoutes(app, ctx);
  await privacyRoutes(app, ctx);
  await socketRoutes(app, ctx);
  await opsRoutes(app, ctx);
  await installStaticFiles(app, ctx, pages);

  // The 개인정보 처리방침 signup links to exists before the first request, production included (privacy/current-policy.ts).
  app.addHook('onReady', () => ensurePrivacyPolicy(ctx));
  const sweeper = createSweeper(ctx, (err) => app.log.error({ err }, 'sweep failed'), metrics?.sweepFinished);
  app.decorate('sweeper', sweeper);
  if (deps.runJobs) app.addHook('onReady', async () => sweeper.start());
  // Every instance polls the outbox too: the pushes an instance that died had queued, and the retries, are sent.
  if (deps.runJobs) app.addHook('onReady', async () => push.start());
  // Before the first request: no account with the README's demo password signs in to production (demo-lockout.ts).
  if (deps.config.env === 'production') app.addHook('onReady', () => lockOutDemoAccounts(ctx, app.log));
  app.addHook('onClose', async () => sweeper.stop());
  app.decorate('push', push);
  app.decorate('mailer', mailer);
  // The emails of the last requests leave (or fail and are logged) before the database closes.
  app.addHook('onClose', async () => mailer.close());
  // The pushes being sent finish (or are left to another instance) before the database closes; the rest wait in the
  // outbox for an instance that is running. Then their kept-alive connections are closed.
  app.addHook('onClose', async () => {
    await push.stop();
    outbound.close();
  });
  return app;
}
