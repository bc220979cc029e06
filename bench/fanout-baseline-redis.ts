// The bare baseline of bench/fanout.ts for two instances: what the cross-instance case cannot avoid, one Redis hop.
// Bare server A takes `POST /vote/{question}/`, counts it in memory and publishes the `vote_update` on a Redis
// channel (ioredis, the client the app's bus uses: redis-bus.ts); bare server B, subscribed, sends each message it
// hears as it is to its plain `ws` sockets. Both run in this thread, as the bench runs the app's two instances. No
// database, no auth, no hub: whatever the app's two instances add is the difference.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { Redis } from 'ioredis';
import type { RoundSocketMessage } from '../src/shared/live';
import { type Baseline, listen, shut, socketServer, voteCounter, voteServer } from './fanout-baseline';

export async function startRedisBaseline(questions: number[], redisUrl: string): Promise<Baseline> {
  // Pub/sub channels are shared by every database of a Redis server: one of this run's own.
  const channel = `partyon-bench-${randomBytes(4).toString('hex')}:round`;
  const pub = new Redis(redisUrl);
  const sub = new Redis(redisUrl);

  const a = voteServer(voteCounter(questions), (wire) => pub.publish(channel, wire));

  // B knows the counts only from what it hears (as the app's B reads them from the database), for a joining socket.
  const latest = new Map(voteCounter(questions).all().map((wire, i) => [questions[i], wire]));
  const b = createServer((_req, res) => res.writeHead(404).end());
  const sockets = socketServer(b, () => [...latest.values()]);
  sub.on('message', (_channel: string, wire: string) => {
    latest.set((JSON.parse(wire) as RoundSocketMessage).data.question_id, wire);
    sockets.broadcast(wire);
  });
  await sub.subscribe(channel);

  const [votes, socketBase] = await Promise.all([listen(a), listen(b)]);
  return {
    votes,
    sockets: socketBase,
    async close() {
      await sockets.close();
      await Promise.all([shut(a), shut(b)]);
      await Promise.all([pub.quit(), sub.quit()]);
    },
  };
}
