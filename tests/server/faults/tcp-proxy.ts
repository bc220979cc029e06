import net from 'node:net';

/** A loopback TCP proxy we can cut and restore, to play a database or Redis going away. */
export function tcpProxy(targetHost: string, targetPort: number) {
  let server: net.Server | undefined;
  const sockets = new Set<net.Socket>();
  let port = 0;
  const start = () =>
    new Promise<number>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(targetPort, targetHost);
        sockets.add(client).add(upstream);
        client.pipe(upstream).pipe(client);
        const drop = () => {
          client.destroy();
          upstream.destroy();
        };
        client.on('error', drop).on('close', drop);
        upstream.on('error', drop).on('close', drop);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve(port);
      });
    });
  return {
    start,
    /** Refuses new connections and cuts the open ones. */
    cut: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        sockets.clear();
        server?.close(() => resolve());
      }),
    get port() {
      return port;
    },
  };
}
