import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { GAME_UNDER_WAY_NOTICE_MS } from '../../shared/constants';
import { useLocation } from 'wouter';
import type { ParticipantEntry, StandbyMember, StandbyState } from '../../shared/live';
import { liveSocketUrl, partySocketPath } from '../api/live-sockets';
import { useParticipants } from '../api/standby';
import { useReconnectingSocket } from '../lib/use-reconnecting-socket';
import { currentUserAtom } from '../state/session-atoms';
import { parsePartyMessage } from './party-message';

type Counts = Pick<StandbyState, 'standby_count' | 'participation_count'>;

/** What the newest source (socket push or toggle answer) said; `members` null when it did not say who. */
interface Live {
  counts: Counts;
  members: StandbyMember[] | null;
  mine: boolean | null;
}

const faceOf = ({ user }: ParticipantEntry): StandbyMember => ({ id: user.id, username: user.username, profile_image: user.profile_image });

/**
 * The lobby's live state. Counts and who is on standby (their faces) come from the newest source (socket push or
 * toggle answer); until one arrives, the participants list gives them and the student's own standby, so a reload
 * shows the right button at once. The toggle's answer has counts but no faces: the student's own face is put in or
 * taken out of the last list known, which the socket's broadcast of the same change then confirms.
 *
 * The move into the game replaces the lobby in the history, so the phone's back button leaves the game instead of
 * bouncing back into it. A student watching the lobby moves at once; one who opens it after the game began (the
 * server's greeting on connect is the counts, then the game: it is among the first two messages) first reads where
 * they are, for a moment.
 */
export function useLobby(partyId: number) {
  const [, navigate] = useLocation();
  const me = useAtomValue(currentUserAtom);
  const { data: entries, mutate: rereadParticipants } = useParticipants(partyId);
  const [live, setLive] = useState<Live | null>(null);
  const [underWay, setUnderWay] = useState<number | null>(null);
  const received = useRef(0);

  useEffect(() => {
    if (underWay === null) return;
    const timer = window.setTimeout(() => navigate(`/balancegame/${underWay}`, { replace: true }), GAME_UNDER_WAY_NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [underWay, navigate]);

  const path = partySocketPath(partyId);
  const url = useCallback(() => liveSocketUrl(path), [path]);
  const onMessage = (raw: unknown) => {
    const message = parsePartyMessage(raw);
    received.current += 1;
    if (message?.type === 'send_standby_update') {
      const { standby_users: members, ...counts } = message.data;
      setLive((last) => ({ counts, members, mine: members && me ? members.some((m) => m.id === me.id) : (last?.mine ?? null) }));
      // A frame without the faces (an older instance): the list says who, read again.
      if (!members) void rereadParticipants();
    } else if (message?.type === 'send_game_created') {
      if (received.current <= 2) setUnderWay(message.data.round_id);
      else navigate(`/balancegame/${message.data.round_id}`, { replace: true });
    }
  };
  const socket = useReconnectingSocket(path, url, onMessage);

  const listed: Counts | null = entries
    ? { participation_count: entries.length, standby_count: entries.filter((e) => e.is_standby).length }
    : null;
  const listedMembers = entries?.filter((e) => e.is_standby).map(faceOf) ?? null;
  const listedMine = entries?.find((e) => e.user.id === me?.id)?.is_standby ?? false;
  const members = live?.members ?? listedMembers;

  const applyToggle = (state: StandbyState) => {
    const myEntry = entries?.find((e) => e.user.id === me?.id);
    const myFace = myEntry ? faceOf(myEntry) : me && { id: me.id, username: me.username, profile_image: null };
    setLive((last) => {
      const others = (last?.members ?? listedMembers ?? []).filter((m) => m.id !== me?.id);
      return {
        counts: { standby_count: state.standby_count, participation_count: state.participation_count },
        members: state.is_standby && myFace ? [...others, myFace] : others,
        mine: state.is_standby,
      };
    });
  };

  return {
    socket,
    counts: live?.counts ?? listed,
    members,
    isStandby: live?.mine ?? listedMine,
    applyToggle,
    gameUnderWay: underWay !== null,
  };
}
