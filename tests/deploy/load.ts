import WebSocket from 'ws';

export interface LoadFigures {
  sent: number;
  /** Answers by what was asked and the status it got ("GET /readyz 200"). */
  answers: Map<string, number>;
  /** Each request that failed: an unexpected status or no answer at all. */
  failures: string[];
}

/**
 * Requests at a fixed rate, whatever the answers take (an open loop: a slow instance does not slow the load down and
 * so hide its failures). `request(n)` makes the n-th and answers its label and whether it is what was expected.
 */
export function steadyLoad(perSecond: number, request: (n: number) => Promise<{ label: string; ok: boolean }>) {
  const TICK_MS = 20;
  const figures: LoadFigures = { sent: 0, answers: new Map(), failures: [] };
  const inFlight = new Set<Promise<void>>();
  let answered = 0;
  let owed = 0;
  const timer = setInterval(() => {
    owed += (perSecond * TICK_MS) / 1000;
    for (; owed >= 1; owed -= 1) {
      const n = figures.sent++;
      const one = request(n).then(
        ({ label, ok }) => {
          figures.answers.set(label, (figures.answers.get(label) ?? 0) + 1);
          if (!ok) figures.failures.push(label);
        },
        (err: Error) => {
          figures.failures.push(`request ${n}: ${err.message}`);
        },
      );
      const tracked = one.finally(() => {
        answered += 1;
        inFlight.delete(tracked);
      });
      inFlight.add(tracked);
    }
  }, TICK_MS);
  return {
    figures,
    answered: () => answered,
    /** Stops sending and waits for every request in flight. */
    async stop(): Promise<LoadFigures> {
      clearInterval(timer);
      await Promise.all([...inFlight]);
      return figures;
    },
  };
}

/**
 * A lobby socket that reconnects as the app does when the server says it is going away (1001), recording every
 * close code and every (re)admission (the lobby's state, which the server sends first on each connection).
 */
export function reconnectingSocket(url: string, options: WebSocket.ClientOptions) {
  const state = {
    /** The close code of each connection that had opened. */
    closeCodes: [] as number[],
    /** Connections that never opened (refused, or the handshake answered with an error). */
    connectFailures: 0,
    admissions: 0,
    ws: undefined as WebSocket | undefined,
    stopped: false,
  };
  const open = () => {
    const ws = new WebSocket(url, options);
    let opened = false;
    state.ws = ws;
    ws.on('open', () => (opened = true));
    ws.on('message', (raw) => {
      if ((JSON.parse(String(raw)) as { type: string }).type === 'send_standby_update') state.admissions += 1;
    });
    ws.on('error', () => undefined);
    ws.on('close', (code) => {
      if (state.stopped) return;
      if (opened) state.closeCodes.push(code);
      else state.connectFailures += 1;
      // The app reconnects after a short backoff; a test's 100 ms keeps the run short.
      setTimeout(open, 100);
    });
  };
  open();
  return {
    state,
    isOpen: () => state.ws?.readyState === WebSocket.OPEN,
    stop() {
      state.stopped = true;
      state.ws?.terminate();
    },
  };
}
