import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_MESSAGES as M } from '../../shared/api-messages';
import { detail } from './errors';

/**
 * A hook that answers 429 once `key(req)` has made `max` requests in `windowMs`. Built on createRateLimit because
 * the plugin's own route hook runs only one limiter per request, and login needs two (per address, per username).
 */
export function limiter(app: FastifyInstance, opts: { max: number; windowMs: number; key: (req: FastifyRequest) => string }) {
  const check = app.createRateLimit({ max: opts.max, timeWindow: opts.windowMs, keyGenerator: opts.key });
  return async (req: FastifyRequest) => {
    const result = await check(req);
    if (!result.isAllowed && result.isExceeded) throw detail(429, M.tooMany);
  };
}

/** The client's address; injected websocket requests and some proxies leave it empty. */
export const clientAddress = (req: FastifyRequest) => req.ip ?? 'unknown';
