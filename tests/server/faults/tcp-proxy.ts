import net from 'node:net';

interface Link {
  client: net.Socket;
  upstream?: net.Socket;
  /** Black-holed: open, but nothing crosses any more, and nothing ever will. */
  stalled: boolean;
}

/**
 * A loopback TCP proxy that plays a database or Redis going away:
 * - `cut()`: refuses new connections and closes the open ones (a server that stopped);
 * - `reset()`: resets every open connection (RST), still accepting new ones (a connection reset in the network);
 * - `blackhole()`: a silent partition — open connections stay open but no byte crosses in either direction, and new
 *   connections are accepted and go nowhere. Nothing is ever closed from this side (no FIN, no RST);
 * - `restore()`: new connections work again. Those black-holed stay dead, as after a partition that healed when the
 *   peers had already given up on them: the app has to notice and replace them.
 */
export function tcpProxy(targetHost: string, targetPort: number) {
  let server: net.Server | undefined;
  const links = new Set<Link>();
  let port = 0;
  let silent = false;

  function stall(link: Link) {
    link.stalled = true;
    for (const s of [link.client, link.upstream]) {
      if (!s) continue;
      s.unpipe();
      // Not reading: what the app sends stays unread, its FIN included, so the app hears nothing at all.
      s.pause();
    }
  }

  function accept(client: net.Socket) {
    const link: Link = { client, stalled: false };
    links.add(link);
    const forget = () => {
      // A black-holed link is never closed from here: the far side must not learn anything.
      if (link.stalled) return;
      client.destroy();
      link.upstream?.destroy();
      links.delete(link);
    };
    client.on('error', forget).on('close', forget);
    if (silent) {
      stall(link);
      return;
    }
    const upstream = net.connect(targetPort, targetHost);
    link.upstream = upstream;
    upstream.on('error', forget).on('close', forget);
    client.pipe(upstream).pipe(client);
  }

  const start = () =>
    new Promise<number>((resolve) => {
      // allowHalfOpen: a FIN from the app must not make this side answer with its own while black-holed.
      server = net.createServer({ allowHalfOpen: true }, accept);
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve(port);
      });
    });

  function dropAll(how: (s: net.Socket) => void) {
    for (const link of links) {
      link.stalled = false;
      how(link.client);
      if (link.upstream) how(link.upstream);
    }
    links.clear();
  }

  return {
    start,
    /** Refuses new connections and closes the open ones. */
    cut: () =>
      new Promise<void>((resolve) => {
        silent = false;
        dropAll((s) => s.destroy());
        if (!server?.listening) return resolve();
        server.close(() => resolve());
      }),
    /** Resets every open connection (both ends get an RST); new connections are still accepted. */
    reset() {
      dropAll((s) => (s.destroyed ? undefined : s.resetAndDestroy()));
    },
    /** Open connections go silent, and so do the ones opened from now on. */
    blackhole() {
      silent = true;
      for (const link of links) stall(link);
    },
    /** New connections work again; the black-holed ones stay silent. */
    restore() {
      silent = false;
    },
    /** Connections open now (black-holed ones included). */
    get connections() {
      return links.size;
    },
    get port() {
      return port;
    },
  };
}
