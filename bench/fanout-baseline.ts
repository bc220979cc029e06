// The bare baseline of bench/fanout.ts for one instance: a plain `ws` server on a plain HTTP server, in the same
// thread the app would use, doing nothing but what a fan-out cannot avoid. Each `POST /vote/{question}/` counts the
// vote in memory and sends the same `vote_update` message the app sends (spec §7) to every socket, the way ws's
// README broadcasts: serialised once, `ws.send` per client. A joining socket is sent the counts of the round's
// `questions` first, as the app does. No database, no auth, no hub: whatever the app adds is the difference.
// The parts are exported for the two-instance baseline (fanout-baseline-redis.ts).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import type { RoundSocketMessage } from '../src/shared/live';

export interface Baseline {
  /** Where `POST /vote/{question}/` goes. */
  votes: string;
  /** Where the clients' websockets connect. */
  sockets: string;
  close(): Promise<void>;
}

/** The round's counts in memory, and the `vote_update` that tells a question's counts. */
export function voteCounter(questions: number[]) {
  const counts = new Map(questions.map((q) => [q, { a: 0, b: 0 }]));
  const update = (q: number, c: { a: number; b: number }) => ({ type: 'vote_update', data: { question_id: q, vote_a_count: c.a, vote_b_count: c.b } }) satisfies RoundSocketMessage;
  return {
    /** Counts a vote; the update to send, or null for an unknown question. */
    cast(q: number, choice: string) {
      const c = counts.get(q);
      if (!c) return null;
      if (choice === 'A') c.a += 1;
      else c.b += 1;
      return update(q, c);
    },
    /** Every question's update, serialised, for a joining socket. */
    all: () => [...counts].map(([q, c]) => JSON.stringify(update(q, c))),
  };
}

/**
 * An HTTP server taking `POST /vote/{question}/`: counts the vote, hands the update to `send` (waiting for it, as
 * the app waits for its publish) and answers with the counts, as the app answers.
 */
export function voteServer(counter: ReturnType<typeof voteCounter>, send: (wire: string) => unknown): Server {
  return createServer((req, res) => {
    const match = /^\/vote\/(\d+)\/$/.exec(req.url ?? '');
    if (req.method !== 'POST' || !match) {
      res.writeHead(404).end();
      return;
    }
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const update = counter.cast(Number(match[1]), (JSON.parse(body) as { choice: string }).choice);
      if (!update) {
        res.writeHead(404).end();
        return;
      }
      const answer = () => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ...update.data, has_voted: true }));
      void Promise.resolve(send(JSON.stringify(update))).then(answer); // serialised once for every socket
    });
  });
}

/** Plain `ws` sockets on `server`: a joining one is sent `greeting()` first; `broadcast` is ws's README's loop. */
export function socketServer(server: Server, greeting: () => string[]) {
  const wss = new WebSocketServer({ server });
  wss.on('connection', (ws) => {
    ws.on('error', () => undefined);
    for (const m of greeting()) ws.send(m);
  });
  return {
    broadcast(wire: string) {
      for (const ws of wss.clients) if (ws.readyState === ws.OPEN) ws.send(wire);
    },
    async close() {
      for (const ws of wss.clients) ws.terminate();
      await new Promise((resolve) => wss.close(resolve));
    },
  };
}

/** Listens on a free loopback port; the base URL. */
export async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export async function shut(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

export async function startBaseline(questions: number[]): Promise<Baseline> {
  const counter = voteCounter(questions);
  const server = voteServer(counter, (wire) => sockets.broadcast(wire));
  const sockets = socketServer(server, counter.all);
  const base = await listen(server);
  return {
    votes: base,
    sockets: base,
    async close() {
      await sockets.close();
      await shut(server);
    },
  };
}
