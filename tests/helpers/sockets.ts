import WebSocket from 'ws';

export interface TestSocket {
  ws: WebSocket;
  messages: { type: string; data: Record<string, number> }[];
  /** Resolves with the close code. */
  closed: Promise<number>;
  /** Resolves when a message matching `pred` has arrived (already or later). */
  waitFor(pred: (m: { type: string; data: Record<string, number> }) => boolean): Promise<{ type: string; data: Record<string, number> }>;
}

/**
 * A real websocket client against a listening app, recording every message and the close code. `options` are the
 * client's own (the certificate authority of a wss:// server, the local address to connect from).
 */
export function openSocket(url: string, headers: Record<string, string> = {}, options: Omit<WebSocket.ClientOptions, 'headers'> = {}): Promise<TestSocket> {
  const ws = new WebSocket(url, { ...options, headers });
  const messages: TestSocket['messages'] = [];
  const waiters: { pred: (m: TestSocket['messages'][number]) => boolean; resolve: (m: TestSocket['messages'][number]) => void }[] = [];
  ws.on('message', (raw) => {
    const m = JSON.parse(String(raw));
    messages.push(m);
    for (const w of [...waiters]) {
      if (w.pred(m)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(m);
      }
    }
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    ws.on('open', () =>
      resolve({
        ws,
        messages,
        closed,
        waitFor: (pred) =>
          new Promise((res) => {
            const hit = messages.find(pred);
            if (hit) return res(hit);
            waiters.push({ pred, resolve: res });
          }),
      }),
    );
    ws.on('error', reject);
  });
}
