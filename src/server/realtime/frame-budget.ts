import type { WebSocket } from 'ws';
import { WS_CLOSE } from '../../shared/ws-close';
import type { Clock } from '../clock';
import type { Limits } from '../context';

// A person may read it (a third-party client may show why its socket closed), so it is Korean like every message.
const TOO_MANY_FRAMES = '메시지를 너무 자주 보냈습니다.';

/**
 * A token bucket over every frame a client sends on a socket: data messages, pings and pongs alike. Our sockets are
 * server → client only, so our app sends nothing but the one pong a heartbeat asks for every 30 s; the bucket only
 * ever empties under a client that floods. Each frame still costs the server a parse, and each ping a pong, so without
 * it one socket could keep an instance busy forever (issue 32 §6: 2,000 frames of 4 KB were taken without a close).
 * The frame that finds the bucket empty closes the socket with 4420; what arrives while it closes is ignored. Time
 * is the app's clock, so tests refill the bucket by moving it.
 */
export function limitInboundFrames(socket: WebSocket, clock: Clock, { burst, perSecond }: Limits['socketFrames']): void {
  let tokens = burst;
  let last = clock.now().getTime();
  let closing = false;
  const take = () => {
    if (closing) return;
    const now = clock.now().getTime();
    // A clock set back (a test, a corrected system clock) refills nothing rather than draining the bucket.
    tokens = Math.min(burst, tokens + (Math.max(0, now - last) * perSecond) / 1000);
    last = now;
    if (tokens >= 1) {
      tokens -= 1;
      return;
    }
    closing = true;
    socket.close(WS_CLOSE.tooManyFrames, TOO_MANY_FRAMES);
  };
  socket.on('message', take);
  socket.on('ping', take);
  socket.on('pong', take);
}
