import { EventEmitter } from 'node:events';

// Websocket hubs talk to each other only through this bus, so one instance or many behind a load balancer behave
// the same: the in-process bus serves a single instance, the Redis bus (REDIS_URL) fans out across instances.
export type BusHandler = (message: unknown) => void;

export interface EventBus {
  /**
   * Hands the message to the other instances. Settles within about a second whatever the state of Redis (rejecting
   * when it is away or silent). Callers deliver to their own sockets first and only log a rejection (socket-hub.ts),
   * so a request never fails, or waits long, because of the bus.
   */
  publish(channel: string, message: unknown): Promise<void>;
  /** Returns an unsubscribe function. */
  subscribe(channel: string, handler: BusHandler): Promise<() => Promise<void>>;
  /** Throws when the bus cannot carry messages right now (readiness); answers or throws within about a second. */
  ping(): Promise<void>;
  /**
   * Runs `listener` each time the bus carries messages both ways again after it could not (Redis came back, or this
   * instance's connection to it): what was published meanwhile never arrived, here or from here.
   */
  onResume(listener: () => void): void;
  close(): Promise<void>;
}

export function createLocalBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(channel, message) {
      // A round trip through JSON keeps the local bus honest: handlers get what Redis would deliver.
      const copy = JSON.parse(JSON.stringify(message));
      emitter.emit(channel, copy);
    },
    async subscribe(channel, handler) {
      emitter.on(channel, handler);
      return async () => {
        emitter.off(channel, handler);
      };
    },
    async ping() {},
    // In one process nothing is ever lost.
    onResume() {},
    async close() {
      emitter.removeAllListeners();
    },
  };
}
