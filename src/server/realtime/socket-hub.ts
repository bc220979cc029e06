import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import type { EventBus } from './bus';

interface Envelope {
  origin: string;
  payload: unknown;
}

const HEARTBEAT_MS = 30_000;

/**
 * Keeps this instance's sockets per channel ('party:3', 'round:7'). A broadcast is delivered to local sockets
 * directly and published on the bus for the other instances; messages coming back from the bus with our own origin
 * are skipped. So a Redis outage never silences this instance's own lobby.
 */
export function createSocketHub(bus: EventBus, onError: (err: unknown) => void = () => undefined) {
  const instanceId = randomUUID();
  const channels = new Map<string, Set<WebSocket>>();
  const unsubscribers = new Map<string, Promise<() => Promise<void>>>();
  const alive = new WeakMap<WebSocket, boolean>();

  function deliver(channel: string, payload: unknown) {
    const sockets = channels.get(channel);
    if (!sockets) return;
    // Encoded once: a string would be turned into bytes again for every one of a thousand sockets.
    const frame = Buffer.from(JSON.stringify(payload));
    for (const s of sockets) if (s.readyState === s.OPEN) s.send(frame, { binary: false });
  }

  function join(channel: string, socket: WebSocket) {
    let set = channels.get(channel);
    if (!set) {
      set = new Set();
      channels.set(channel, set);
      const unsub = bus.subscribe(channel, (message) => {
        const m = message as Envelope;
        if (m && m.origin !== instanceId) deliver(channel, m.payload);
      });
      unsub.catch(onError);
      unsubscribers.set(channel, unsub);
    }
    set.add(socket);
    alive.set(socket, true);
    socket.on('pong', () => alive.set(socket, true));
    socket.on('close', () => leave(channel, socket));
  }

  function leave(channel: string, socket: WebSocket) {
    const set = channels.get(channel);
    if (!set) return;
    set.delete(socket);
    if (set.size === 0) {
      channels.delete(channel);
      const unsub = unsubscribers.get(channel);
      unsubscribers.delete(channel);
      unsub?.then((fn) => fn()).catch(onError);
    }
  }

  async function broadcast(channel: string, payload: unknown) {
    deliver(channel, payload);
    try {
      await bus.publish(channel, { origin: instanceId, payload } satisfies Envelope);
    } catch (err) {
      onError(err);
    }
  }

  // A phone that walked out of Wi-Fi never sends a close frame; unanswered pings find it.
  const heartbeat = setInterval(() => {
    for (const set of channels.values()) {
      for (const s of set) {
        if (alive.get(s) === false) {
          s.terminate();
          continue;
        }
        alive.set(s, false);
        s.ping();
      }
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();

  return {
    join,
    broadcast,
    /** Sockets on this instance, for tests and ops figures. */
    count: (channel: string) => channels.get(channel)?.size ?? 0,
    /** Graceful shutdown: tell every client we are going away (1001) so it reconnects elsewhere. */
    async close() {
      clearInterval(heartbeat);
      for (const set of channels.values()) for (const s of set) s.close(1001, 'server shutting down');
      channels.clear();
      await Promise.all([...unsubscribers.values()].map((p) => p.then((fn) => fn()).catch(() => undefined)));
      unsubscribers.clear();
    },
  };
}

export type SocketHub = ReturnType<typeof createSocketHub>;
export const partyChannel = (partyId: number) => `party:${partyId}`;
export const roundChannel = (roundId: number) => `round:${roundId}`;
