import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { HISTORY_PATH } from './history-path';
import { HOME_PARTIES_PATH } from './home-parties';
import { MAP_PARTIES_PATH } from './map-parties';
import { NOTICE_PATH, UNREAD_COUNT_PATH } from './notices';
import { MY_PARTIES_PATH, MYPAGE_MAIN_PATH, partyDetailPath } from './read-paths';
import { MY_WAITLIST_PATH, positionPath } from './waitlist';

/**
 * Everything that changes a seat of mine (issue 30 §3): the ones I make (join, pay, leave — backing out of payment
 * is a leave — and getting in or out of a line) and the ones I hear of (my hold running out, a seat offered to me
 * from the line, my place in a line moving, an operator cancelling the party).
 */
export const SEAT_EVENTS = ['join', 'pay', 'leave', 'hold_expiry', 'offer', 'waitlist_move', 'operator_cancel'] as const;
export type SeatEvent = (typeof SEAT_EVENTS)[number];

/** The screens that show my seat. */
export const SEAT_SCREENS = ['detail', 'home', 'map', 'assistant', 'mypage'] as const;
type SeatScreen = (typeof SEAT_SCREENS)[number];

const isListOf = (base: string) => (key: string) => key === base || key.startsWith(`${base}?`);
const isPartyPage = (key: string) => /^\/api\/detailview\/parties\/\d+\/$/.test(key);
const isPosition = (key: string) => /^\/api\/reserve\/waitlist\/\d+\/$/.test(key);
// My own seat, which home, the map and the assistant draw their chips and cards from.
const isMine = (key: string) => key === MY_PARTIES_PATH || key === MY_WAITLIST_PATH;

/**
 * The SWR keys (API paths) each screen reads that say something about my seat — for one party when the event names
 * it, else for any. One place: a screen that starts reading another answer about seats adds it here, and every seat
 * event revalidates it.
 */
const SCREEN_KEYS: Record<SeatScreen, (key: string, partyId: number | null) => boolean> = {
  detail: (key, partyId) =>
    partyId === null
      ? isPartyPage(key) || isPosition(key)
      : key === partyDetailPath(partyId) || key === positionPath(partyId),
  home: (key) => isListOf(HOME_PARTIES_PATH)(key) || isMine(key),
  map: (key) => isListOf(MAP_PARTIES_PATH)(key) || isMine(key),
  assistant: isMine,
  // Points (a deposit paid or refunded), and the history a cancelled party leaves.
  mypage: (key) => key === MYPAGE_MAIN_PATH || key === HISTORY_PATH,
};

// The payment screen's reservation, and the bell: a seat event also writes a notice.
const isPaymentOrBell = (key: string) => key.startsWith('/api/reserve/participation/') || key === UNREAD_COUNT_PATH || key === NOTICE_PATH;

/**
 * Which screens each event touches. Every seat event changes a count or a state every one of them shows (the seat
 * count on the page and both lists, my chip, the assistant's cards and line, my points or history), so each touches
 * all five: kept as a table all the same, so the test reads the promise and a narrower event stays one edit away.
 */
const SEAT_EVENT_SCREENS: Record<SeatEvent, readonly SeatScreen[]> = {
  join: SEAT_SCREENS,
  pay: SEAT_SCREENS,
  leave: SEAT_SCREENS,
  hold_expiry: SEAT_SCREENS,
  offer: SEAT_SCREENS,
  waitlist_move: SEAT_SCREENS,
  operator_cancel: SEAT_SCREENS,
};

/**
 * Whether `events` (about `partyId`, when known) make the cached answer under `key` read again. Several events at
 * once: a new notice says that something happened, not which of the events it announces.
 */
function seatEventTouches(events: SeatEvent | readonly SeatEvent[], partyId: number | null, key: unknown): boolean {
  if (typeof key !== 'string') return false;
  const screens = new Set((typeof events === 'string' ? [events] : events).flatMap((event) => SEAT_EVENT_SCREENS[event]));
  return isPaymentOrBell(key) || [...screens].some((screen) => SCREEN_KEYS[screen](key, partyId));
}

/**
 * After a seat event: every answer on screen that shows my seat reads again (SWR revalidates the mounted ones now;
 * the others when their screen opens). An entry holding no answer yet shows nothing stale and is left alone: the
 * party page's preview only peeks at the lists' cache and must never ask for them itself. Never rejects: a refresh
 * that cannot run changes nothing on screen.
 */
export function useSeatChanged() {
  const { mutate, cache } = useSWRConfig();
  return useCallback(
    (events: SeatEvent | readonly SeatEvent[], partyId: number | null = null) => {
      const shown = (key: unknown) => typeof key === 'string' && cache.get(key)?.data !== undefined;
      void mutate((key) => seatEventTouches(events, partyId, key) && shown(key)).catch(() => undefined);
    },
    [mutate, cache],
  );
}
