import { WS_CLOSE } from '../../shared/ws-close';
import { socketRefusal } from '../lib/socket-refusal';
import type { LiveSocketState } from '../lib/use-reconnecting-socket';
import { GAME_TEXTS as T } from './game-texts';

interface ConnectionView {
  /** What the screen says about its connection; '' while the results are live. */
  note: string;
  /** The gauges may show old numbers: drawn faded, so a stopped gauge never passes for a quiet round. */
  frozen: boolean;
}

interface Inputs {
  socket: LiveSocketState;
  /** The browser's own belief (navigator.onLine): a phone without network is told apart from a server that is down. */
  online: boolean;
  /** The last read of the round failed: the server itself does not answer, not only its socket. */
  readFailed: boolean;
}

/**
 * What the game tells about its live results. The socket down while it reconnects is said at once, with what is
 * still true: whether the phone is offline, the server unreachable (its round could not be read either), or only the
 * live link lost (the round is then read every 10 s). A socket the server refused for good does not come back; the
 * reads go on, so the results still move, slowly.
 */
export function connectionView({ socket, online, readFailed }: Inputs): ConnectionView {
  const down = !online || readFailed;
  const stopped = socket.createFailed || socket.refusedCode !== null;
  if (stopped) {
    const why = socketRefusal(socket, { ...T, notFound: T.roundNotFound }) ?? T.socketFailed;
    if (socket.refusedCode === WS_CLOSE.unauthorized || socket.refusedCode === WS_CLOSE.forbidden || socket.refusedCode === WS_CLOSE.notFound) {
      return { note: why, frozen: true };
    }
    return { note: `${why} ${T.polling}`, frozen: down };
  }
  if (socket.status !== 'reconnecting') return { note: '', frozen: false };
  if (!online) return { note: T.offline, frozen: true };
  if (readFailed) return { note: T.serverDown, frozen: true };
  // The round still answers: it is read every 10 s until the socket is back, so the gauges move, if less often.
  return { note: T.reconnecting(socket.attempts), frozen: false };
}
