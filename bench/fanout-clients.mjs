// Worker thread of bench/fanout.ts (plain JavaScript: worker threads do not inherit tsx's loader): holds the websocket clients so their parsing does not share a thread with the
// server being measured. Receives {urls}, answers 'ready', then on 'finish' sends back what arrived and when.
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';

const { urls } = workerData;
const received = new Map(); // "question:total" → absolute receive times (ms)
const perSocket = new Array(urls.length).fill(0);
const sockets = [];
const now = () => performance.timeOrigin + performance.now();

for (let i = 0; i < urls.length; i += 250) {
  await Promise.all(
    urls.slice(i, i + 250).map(
      (url, k) =>
        new Promise((resolve, reject) => {
          const index = i + k;
          const ws = new WebSocket(url);
          ws.on('message', (raw) => {
            const m = JSON.parse(String(raw));
            const total = m.data.vote_a_count + m.data.vote_b_count;
            if (total === 0) return; // the resync sent on connect
            perSocket[index] += 1;
            const key = `${m.data.question_id}:${total}`;
            const list = received.get(key);
            if (list) list.push(now());
            else received.set(key, [now()]);
          });
          ws.once('open', () => resolve()).once('error', reject);
          sockets.push(ws);
        }),
    ),
  );
}
parentPort.postMessage({ type: 'ready' });
parentPort.on('message', (m) => {
  if (m.type !== 'finish') return;
  for (const ws of sockets) ws.terminate();
  parentPort.postMessage({ type: 'result', received: [...received], perSocket });
});
