import { useEffect, useState } from 'react';
import { openReconnectingSocket, type SocketFactory, type SocketStatus } from './reconnecting-socket';
import { useLatest } from './use-latest';

export interface LiveSocketState {
  status: SocketStatus;
  /** Reconnect attempts since the last successful open (spec §8 shows it in the lobby's error text). */
  attempts: number;
  /** The close code when the server refused us for good, else null. */
  refusedCode: number | null;
  createFailed: boolean;
}

const INITIAL: LiveSocketState = { status: 'connecting', attempts: 0, refusedCode: null, createFailed: false };

/**
 * One reconnecting socket per `channel` (e.g. the socket path; null = none) for the lifetime of a screen.
 * Leaving the screen closes it with 1000, which also stops every pending reconnect.
 */
export function useReconnectingSocket(
  channel: string | null,
  url: () => string,
  onMessage: (data: unknown) => void,
  create?: SocketFactory,
): LiveSocketState {
  const [state, setState] = useState<LiveSocketState>(INITIAL);
  // The latest handlers without reopening the socket on every render.
  const onMessageRef = useLatest(onMessage);
  const urlRef = useLatest(url);

  useEffect(() => {
    if (channel === null) return;
    const socket = openReconnectingSocket({
      url: () => urlRef.current(),
      onMessage: (data) => onMessageRef.current(data),
      // A first attempt starts a new channel: nothing learnt about the previous one still applies.
      onStatus: (status, attempts) => setState((s) => (status === 'connecting' ? INITIAL : { ...s, status, attempts })),
      onRefused: (code) => setState((s) => ({ ...s, refusedCode: code })),
      onCreateFailed: () => setState((s) => ({ ...s, createFailed: true })),
      create,
    });
    return () => socket.close();
  }, [channel, create, onMessageRef, urlRef]);

  return state;
}
