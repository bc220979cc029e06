import { useSyncExternalStore } from 'react';
import { serverUnreachable, subscribeServerReach } from '../api/server-reach';
import { useOnline } from './use-online';

/**
 * What keeps the app from the server now (issue 30 §7): the phone has no network (`offline`), or it has one and our
 * server does not answer (`server`). The two are said differently: only the first is the student's to fix.
 */
export type Outage = 'offline' | 'server' | null;

export function useOutage(): Outage {
  const online = useOnline();
  // The server's page is drawn as reachable: it answered, or there would be no page.
  const down = useSyncExternalStore(subscribeServerReach, serverUnreachable, () => false);
  if (!online) return 'offline';
  return down ? 'server' : null;
}
