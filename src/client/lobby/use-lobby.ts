import { useAtomValue } from 'jotai';
import { useCallback, useState } from 'react';
import { useLocation } from 'wouter';
import type { StandbyState } from '../../shared/live';
import { liveSocketUrl, partySocketPath } from '../api/live-sockets';
import { useParticipants } from '../api/standby';
import { useReconnectingSocket } from '../lib/use-reconnecting-socket';
import { currentUserAtom } from '../state/session-atoms';
import { parsePartyMessage } from './party-message';

type Counts = Pick<StandbyState, 'standby_count' | 'participation_count'>;

/**
 * The lobby's live state. Counts come from the newest source (socket push or toggle answer); until one arrives,
 * the participants list gives them and the student's own standby, so a reload shows the right button at once.
 */
export function useLobby(partyId: number) {
  const [, navigate] = useLocation();
  const me = useAtomValue(currentUserAtom);
  const { data: entries } = useParticipants(partyId);
  const [counts, setCounts] = useState<Counts | null>(null);
  const [mine, setMine] = useState<boolean | null>(null);

  const path = partySocketPath(partyId);
  const url = useCallback(() => liveSocketUrl(path), [path]);
  const onMessage = (raw: unknown) => {
    const message = parsePartyMessage(raw);
    if (message?.type === 'send_standby_update') setCounts(message.data);
    else if (message?.type === 'send_game_created') navigate(`/balancegame/${message.data.round_id}`);
  };
  const socket = useReconnectingSocket(path, url, onMessage);

  const listed: Counts | null = entries
    ? { participation_count: entries.length, standby_count: entries.filter((e) => e.is_standby).length }
    : null;
  const listedMine = entries?.find((e) => e.user.id === me?.id)?.is_standby ?? false;

  const applyToggle = (state: StandbyState) => {
    setCounts({ standby_count: state.standby_count, participation_count: state.participation_count });
    setMine(state.is_standby);
  };

  return { socket, counts: counts ?? listed, isStandby: mine ?? listedMine, applyToggle };
}
