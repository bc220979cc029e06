import { socketUrl } from '../lib/socket-url';
import { getAccessToken } from './token-store';

// The backend host when it is not the page's own (VITE_API_BASE), so sockets go where the REST calls go.
const API_BASE = (import.meta.env.VITE_API_BASE ?? '').replace(/\/+$/, '');

function base(): Pick<Location, 'protocol' | 'host'> {
  if (!API_BASE) return window.location;
  const url = new URL(API_BASE);
  return { protocol: url.protocol, host: url.host };
}

export const partySocketPath = (partyId: number) => `/ws/party/${partyId}/`;
export const roundSocketPath = (roundId: number) => `/ws/game/round/${roundId}/`;

/** Read at every (re)connect: the fetch client may have refreshed the access token since the last one. */
export const liveSocketUrl = (path: string) => socketUrl(path, getAccessToken(), base());
