import type { EventEmitter } from 'node:events';

/** Past this a shutdown stops waiting: the orchestrator is waiting to replace this instance. */
export const SHUTDOWN_DEADLINE_MS = 10_000;

interface Log {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
  fatal(obj: object, msg: string): void;
}

export interface LifecycleOptions {
  log: Log;
  /** Stops the server (sockets get 1001, requests finish), then the bus and the pools. */
  close: () => Promise<void>;
  /** The process, or a stand-in in tests. */
  proc?: EventEmitter;
  exit?: (code: number) => void;
  deadlineMs?: number;
}

/**
 * What the process does on signals and on errors nobody caught. Returns `shutdown` for callers that decide to stop.
 */
export function installProcessLifecycle({ log, close, proc = process, exit = (code) => process.exit(code), deadlineMs = SHUTDOWN_DEADLINE_MS }: LifecycleOptions) {
  let closing = false;
  async function shutdown(reason: string, code: number) {
    if (closing) return;
    closing = true;
    log.info({ reason }, 'shutting down');
    // A request, a socket or a pool that never finishes must not keep a stopping instance alive.
    const deadline = setTimeout(() => {
      log.error({ deadlineMs }, 'shutdown deadline passed, exiting anyway');
      exit(1);
    }, deadlineMs);
    try {
      await close();
    } catch (err) {
      log.error({ err }, 'shutdown failed');
      code = 1;
    }
    clearTimeout(deadline);
    exit(code);
  }

  proc.on('SIGTERM', () => void shutdown('SIGTERM', 0));
  proc.on('SIGINT', () => void shutdown('SIGINT', 0));
  // A promise that failed with nobody waiting for it is a bug, but not a reason to drop every student's request and
  // socket on this instance: what it was doing is all-or-nothing in the database (transactions), and nothing in
  // memory was left half-done by a throw in the middle of synchronous code. Log it loudly and carry on.
  proc.on('unhandledRejection', (reason: unknown) => log.error({ err: reason }, 'unhandled promise rejection'));
  // A synchronous throw nobody caught may have left this process's memory half-updated (Node's advice is not to
  // carry on): log it as a JSON line like everything else, then stop the way SIGTERM does, within the deadline, and
  // exit 1 so the orchestrator starts a fresh instance.
  proc.on('uncaughtException', (err: unknown) => {
    log.fatal({ err }, 'uncaught exception');
    void shutdown('uncaughtException', 1);
  });
  return { shutdown };
}
