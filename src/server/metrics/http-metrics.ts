import type { FastifyInstance } from 'fastify';
import type { Metrics } from './metrics';

/** Requests no route matched (404s, scanners): one series for all of them rather than one per URL tried. */
const UNMATCHED = 'unmatched';

/** Counts every answered request under its route template (`/api/reserve/join/:partyId/`), never its raw URL. */
export function installHttpMetrics(app: FastifyInstance, metrics: Metrics) {
  app.addHook('onResponse', async (req, reply) => {
    metrics.requestAnswered(req.method, req.routeOptions.url ?? UNMATCHED, reply.statusCode, reply.elapsedTime / 1000);
  });
}
