// Worker thread of bench/fanout.ts (plain JavaScript: worker threads do not inherit tsx's loader): holds the websocket clients so their parsing does not share a thread with the
// server being measured. Receives {urls, resync}, answers 'ready' once every socket has its `resync` messages (the
// counts a joining socket is sent: the server has then joined it to the round, so no vote is sent while sockets are
// still being admitted), then on 'finish' sends back what arrived and when.
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';

const { urls, resync } = workerData;
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
          let greeted = 0;
          ws.on('message', (raw) => {
            const m = JSON.parse(String(raw));
            if (greeted < resync) {
              if (++greeted === resync) resolve();
              return;
            }
            const total = m.data.vote_a_count + m.data.vote_b_count;
            perSocket[index] += 1;
            const key = `${m.data.question_id}:${total}`;
            const list = received.get(key);
            if (list) list.push(now());
            else received.set(key, [now()]);
          });
          ws.once('error', reject);
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
