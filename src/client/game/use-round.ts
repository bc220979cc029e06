import { useCallback, useEffect, useRef } from 'react';
import { useSWRConfig } from 'swr';
import { GAME_POLL_MS } from '../../shared/constants';
import type { GameRound, VoteChoice } from '../../shared/live';
import { fetcher } from '../api/client';
import { useGameRound } from '../api/game-round';
import { roundPath } from '../api/read-paths';
import { liveSocketUrl, roundSocketPath } from '../api/live-sockets';
import { useReconnectingSocket } from '../lib/use-reconnecting-socket';
import { parseRoundMessage, withCounts, withRound } from './round-message';

/**
 * The round as the server sees it: loaded over REST, kept live by `vote_update` pushes, and re-read every 10 s
 * while the socket is down (spec §4) so a phone on a bad network still sees the votes move. Like the lobby, it
 * resyncs when the socket comes back: the server's greeting brings every question's counts, and the round is read
 * again for what a greeting does not carry (a vote this student cast on another device meanwhile). The moment the
 * socket drops the round is read once at once too, which tells a lost link from a server that does not answer.
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

  const wasDown = useRef(false);
  useEffect(() => {
    if (socketDown === wasDown.current) return;
    wasDown.current = socketDown;
    // Dropped: is the server there? SWR's read says, and a failure is its error, which the screen shows.
    if (socketDown) {
      void mutate(key);
      return;
    }
    // Back: what did we miss? Read outside SWR and laid over the cache: the greeting's pushes land while this read is
    // in flight, and SWR would drop an answer that a later change overtook — and with it the votes it brings.
    void fetcher<GameRound>(key).then(
      (fresh) => void mutate<GameRound>(key, (held) => (held ? withRound(held, fresh) : fresh), { revalidate: false }),
      () => undefined, // the socket is back, its pushes keep the counts; the next drop reads again
    );
  }, [socketDown, key, mutate]);

  return { ...round, socket, update };
}
