import { WS_CLOSE } from '../../shared/ws-close';
import type { LiveSocketState } from './use-reconnecting-socket';

/** What a live screen says when its socket stopped for good, in its own words (the lobby's and the game's differ). */
export interface RefusalTexts {
  socketFailed: string;
  unauthorized: string;
  forbidden: string;
  notFound: string;
  superseded: string;
  tooManyFromAddress: string;
}

/**
 * Why the socket will not come back — it could not be opened, or the server closed it with one of its codes
 * (docs/api.md "Socket close codes") — or null while it is live or still reconnecting. An unknown code reads as a
 * failure to connect.
 */
export function socketRefusal(socket: Pick<LiveSocketState, 'createFailed' | 'refusedCode'>, texts: RefusalTexts): string | null {
  if (socket.createFailed) return texts.socketFailed;
  if (socket.refusedCode === null) return null;
  const byCode: Record<number, string> = {
    [WS_CLOSE.unauthorized]: texts.unauthorized,
    [WS_CLOSE.forbidden]: texts.forbidden,
    [WS_CLOSE.notFound]: texts.notFound,
    [WS_CLOSE.superseded]: texts.superseded,
    [WS_CLOSE.tooManyFromAddress]: texts.tooManyFromAddress,
  };
  return byCode[socket.refusedCode] ?? texts.socketFailed;
}
