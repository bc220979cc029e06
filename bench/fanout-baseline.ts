// The bare baseline of bench/fanout.ts: a plain `ws` server on a plain HTTP server, in the same thread the app would
// use, doing nothing but what a fan-out cannot avoid. Each `POST /vote/{question}/` counts the vote in memory and
// sends the same `vote_update` message the app sends (spec §7) to every socket, the way ws's README broadcasts:
// serialised once, `ws.send` per client. A joining socket is sent the counts of the round's `questions` first, as the
// app does. No database, no auth, no hub: whatever the app adds is the difference.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import type { RoundSocketMessage } from '../src/shared/live';

export interface Baseline {
  base: string;
  close(): Promise<void>;
}

export async function startBaseline(questions: number[]): Promise<Baseline> {
  const counts = new Map<number, { a: number; b: number }>();
  for (const q of questions) counts.set(q, { a: 0, b: 0 });
  const message = (q: number): RoundSocketMessage => ({ type: 'vote_update', data: { question_id: q, vote_a_count: counts.get(q)!.a, vote_b_count: counts.get(q)!.b } });
  const server = createServer((req, res) => {
    const match = /^\/vote\/(\d+)\/$/.exec(req.url ?? '');
    if (req.method !== 'POST' || !match) {
      res.writeHead(404).end();
      return;
    }
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const questionId = Number(match[1]);
      const c = counts.get(questionId);
      if (!c) {
        res.writeHead(404).end();
        return;
      }
      if ((JSON.parse(body) as { choice: string }).choice === 'A') c.a += 1;
      else c.b += 1;
      const update = message(questionId);
      const wire = JSON.stringify(update);
      for (const ws of wss.clients) if (ws.readyState === ws.OPEN) ws.send(wire);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ...update.data, has_voted: true }));
    });
  });
  const wss = new WebSocketServer({ server });
  wss.on('connection', (ws) => {
    ws.on('error', () => undefined);
    for (const q of questions) ws.send(JSON.stringify(message(q)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      for (const ws of wss.clients) ws.terminate();
      await new Promise((resolve) => wss.close(resolve));
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
