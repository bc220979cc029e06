import { RECONNECT_BASE_MS, RECONNECT_MAX_MS } from '../../shared/constants';
import { WS_CLOSE } from '../../shared/ws-close';

export type SocketStatus = 'disconnected' | 'connecting' | 'connected' | 'reconnecting';

/** The part of the browser's WebSocket the live screens need; tests inject a fake with the same shape. */
export interface SocketLike {
  onopen: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  close(code?: number, reason?: string): void;
}
export type SocketFactory = (url: string) => SocketLike;

export interface ReconnectingSocketOptions {
  /** Called before every attempt: the access token in the URL may have been refreshed since the last one. */
  url: () => string;
  onMessage: (data: unknown) => void;
  onStatus?: (status: SocketStatus, attempts: number) => void;
  /**
   * The server refused us for good (4401 / 4403 / 4404), or closed this socket for a newer one of the same student
   * (4409) or address (4429): retrying cannot help, or would close the newer one in turn.
   */
  onRefused?: (code: number) => void;
  /** The browser would not even create the socket (bad URL, blocked scheme). */
  onCreateFailed?: (error: unknown) => void;
  create?: SocketFactory;
}

const REFUSALS: ReadonlySet<number> = new Set([
  WS_CLOSE.unauthorized,
  WS_CLOSE.forbidden,
  WS_CLOSE.notFound,
  WS_CLOSE.superseded,
  WS_CLOSE.tooManyFromAddress,
]);

/** Spec §4 "Lobby connection": 500 ms doubling per attempt, capped at 30 s; `attempt` counts from 1. */
export function reconnectDelay(attempt: number): number {
  return Math.min(RECONNECT_BASE_MS * 2 ** Math.max(0, attempt - 1), RECONNECT_MAX_MS);
}

const browserSocket: SocketFactory = (url) => new WebSocket(url);

/**
 * A socket that comes back after any close except the ones that mean "stop": our own leave (1000), the
 * server's refusals and its closing of a socket replaced by a newer one (4409, 4429). The attempt counter resets
 * on every successful open, so a flaky phone network that reconnects fine never drifts up to the 30 s cap.
 *
 * 4420 (this socket sent frames faster than the server takes them) is the exception to that reset. Our screens send
 * nothing, so it means something in this page misbehaves, and will again on the next socket: a plain reconnect
 * would open, flood and be closed every half second. Each such close waits one step longer than the last, opened or
 * not, up to the 30 s cap, so the live screen still comes back — the server keeps no grudge — without a loop.
 */
export function openReconnectingSocket(options: ReconnectingSocketOptions): { close: () => void } {
  const create = options.create ?? browserSocket;
  let socket: SocketLike | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let attempts = 0;
  let floods = 0;
  let stopped = false;

  const status = (s: SocketStatus) => options.onStatus?.(s, attempts);

  const connect = () => {
    timer = null;
    if (stopped) return;
    status(attempts === 0 ? 'connecting' : 'reconnecting');
    let next: SocketLike;
    try {
      next = create(options.url());
    } catch (error) {
      stopped = true;
      status('disconnected');
      options.onCreateFailed?.(error);
      return;
    }
    socket = next;
    next.onopen = () => {
      attempts = 0;
      status('connected');
    };
    next.onmessage = (event) => {
      let data: unknown;
      try {
        data = JSON.parse(String(event.data));
      } catch {
        return; // not ours to understand; the protocol is JSON only
      }
      options.onMessage(data);
    };
    next.onerror = () => undefined; // a close always follows; that is where we decide
    next.onclose = (event) => {
      if (socket !== next) return;
      socket = null;
      if (stopped || event.code === WS_CLOSE.normal) {
        status('disconnected');
        return;
      }
      if (REFUSALS.has(event.code)) {
        stopped = true;
        status('disconnected');
        options.onRefused?.(event.code);
        return;
      }
      if (event.code === WS_CLOSE.tooManyFrames) floods += 1;
      attempts += 1;
      status('reconnecting');
      timer = setTimeout(connect, reconnectDelay(attempts + floods));
    };
  };

  connect();

  return {
    close() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      const current = socket;
      socket = null;
      current?.close(WS_CLOSE.normal, 'leaving');
    },
  };
}
