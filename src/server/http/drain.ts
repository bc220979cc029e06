import type { Server } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { API_MESSAGES as M } from '../../shared/api-messages';

/**
 * Methods a balancer does not send to another instance once it has sent them (nginx's non-idempotent ones): a draining
 * instance must answer these itself, or the student's payment or vote fails. Any other request it can turn away with
 * a 503, which the balancer passes on to an instance still running (deploy/nginx: proxy_next_upstream http_503).
 */
const ANSWERED_WHILE_DRAINING = new Set(['POST', 'PATCH', 'LOCK']);

/**
 * How long a stopping instance goes on listening, not ready, before it closes: longer than nginx's upstream
 * keepalive_timeout (2 s, deploy/nginx/partyon.conf), so every idle connection nginx keeps to it is either used once
 * more (and answered with `Connection: close`) or closed by nginx itself. Closing an idle connection from this side
 * instead races nginx sending a request down it, and a POST lost that way is a 502 nginx may not retry.
 */
const DRAIN_GRACE_MS = 3_000;

export interface Drain {
  /** True from the first moment of the shutdown: /readyz says 503 and no connection is kept alive. */
  readonly active: boolean;
  begin(): void;
}

/**
 * Draining: from the first moment of the shutdown (the first preClose hook, before the listener stops) /readyz and
 * every other idempotent request answer 503 so the balancer goes elsewhere; a POST or PATCH that still arrives is
 * served, since no balancer may send it twice. Every answer says `Connection: close`, so a kept-alive connection ends
 * after its request in flight instead of holding the shutdown until its idle timeout (72 s, far past the deadline).
 * Must be installed before the websocket plugin, whose preClose closes the sockets.
 */
export function installDrain(app: FastifyInstance): Drain {
  const state = {
    active: false,
    begin() {
      state.active = true;
    },
  };
  app.addHook('preClose', async () => state.begin());
  app.addHook('onRequest', async (req, reply) => {
    if (!state.active || ANSWERED_WHILE_DRAINING.has(req.method)) return;
    return reply.status(503).header('Retry-After', '5').send({ detail: M.unavailable });
  });
  // onSend, not onRequest: an answer to a request that began before the shutdown must close its connection too.
  app.addHook('onSend', async (_req, reply) => {
    if (state.active) reply.header('Connection', 'close');
  });
  return state;
}

/**
 * Waits until no connection is left open to `server` or `graceMs` has passed, whichever comes first: what the process
 * does between beginning the drain and closing (main.ts). Without connections (a laptop, a test) it returns at once.
 */
export async function connectionsEnded(server: Server, graceMs = DRAIN_GRACE_MS) {
  const until = Date.now() + graceMs;
  const open = () => new Promise<number>((resolve) => server.getConnections((err, n) => resolve(err ? 0 : n)));
  while (Date.now() < until && (await open()) > 0) await new Promise((resolve) => setTimeout(resolve, 50));
}
