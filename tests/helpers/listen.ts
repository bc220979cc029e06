import type { FastifyInstance } from 'fastify';

/**
 * Starts a test app on a free loopback port and answers its origin, for what `inject` cannot do: real sockets, a
 * child process (the ops CLI), a browser-like redirect flow.
 */
export async function listenOnLoopback(app: FastifyInstance, scheme: 'http' | 'ws' = 'http', port = 0): Promise<string> {
  await app.listen({ port, host: '127.0.0.1' });
  return `${scheme}://127.0.0.1:${(app.server.address() as { port: number }).port}`;
}
