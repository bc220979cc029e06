import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { GAME_POLL_MS } from '../../shared/constants';
import type { GameRound, VoteChoice } from '../../shared/live';
import { roundPath, useGameRound } from '../api/game-round';
import { liveSocketUrl, roundSocketPath } from '../api/live-sockets';
import { useReconnectingSocket } from '../lib/use-reconnecting-socket';
import { parseRoundMessage, withCounts } from './round-message';

/**
 * The round as the server sees it: loaded over REST, kept live by `vote_update` pushes, and re-read every 10 s
 * while the socket is down (spec §4) so a phone on a bad network still sees the votes move.
 */
export function useRound(roundId: number) {
  const { mutate, cache } = useSWRConfig();
  const key = roundPath(roundId);
  const path = roundSocketPath(roundId);
  const url = useCallback(() => liveSocketUrl(path), [path]);

  const update = useCallback(
    (id: number, a: number, b: number, mine?: VoteChoice) => {
      // The socket's resync on connect can beat the round's own GET. With nothing loaded there is nothing to update,
      // and a mutation now would make SWR drop that GET's answer as older than it: the screen would stay loading.
      // The GET brings the current counts itself.
      if (!cache.get(key)?.data) return;
      void mutate<GameRound>(key, (round) => round && withCounts(round, id, a, b, mine), { revalidate: false });
    },
    [cache, key, mutate],
  );

  const socket = useReconnectingSocket(path, url, (raw) => {
    const message = parseRoundMessage(raw);
    if (message) update(message.data.question_id, message.data.vote_a_count, message.data.vote_b_count);
  });
  // The first attempt is not a "close"; polling starts once a socket has actually dropped or been refused.
  const socketDown = socket.status === 'reconnecting' || socket.status === 'disconnected';
  const round = useGameRound(roundId, socketDown ? GAME_POLL_MS : 0);

  return { ...round, socketDown, update };
}
