import { useEffect, useRef } from 'react';
import useSWR from 'swr';
import type { MyWaitlistEntry, NoticeUnreadCount } from '../../shared/parties';
import { useMyParties } from '../api/my-parties';
import { UNREAD_COUNT_PATH } from '../api/notices';
import { type SeatEvent, useSeatChanged } from '../api/seat-change';
import { MY_WAITLIST_PATH } from '../api/waitlist';

// How often a signed-in tab asks whether something happened to my seats that I did not do myself. SWR asks only
// while the tab is visible, and again at once when it comes back to the front.
const HEAR_MS = 15_000;
// A hold is read again just after its end: the server releases it by its clock, not ours.
const HOLD_SLACK_MS = 1_000;
// What a new notice may announce: it says that something happened, not which of these.
const HEARD_BY_NOTICE: readonly SeatEvent[] = ['offer', 'operator_cancel', 'hold_expiry'];

/** Calls `onChange` when `value` changes after it was first known (not when it first arrives). */
function useChanged<T>(value: T | undefined, onChange: () => void) {
  const last = useRef<T | undefined>(undefined);
  useEffect(() => {
    if (value === undefined) return;
    const before = last.current;
    last.current = value;
    if (before !== undefined && before !== value) onChange();
  });
}

/** What SeatSync.tsx runs for a signed-in student. */
export function SeatWatch() {
  const seatChanged = useSeatChanged();

  const { data: unread } = useSWR<NoticeUnreadCount>(UNREAD_COUNT_PATH, { refreshInterval: HEAR_MS });
  useChanged(unread?.count, () => seatChanged(HEARD_BY_NOTICE));

  // My lines, asked again only while I wait in one: a position that moves, or a party gone from them (its seat
  // offered to me), is heard within one interval.
  const { data: lines } = useSWR<MyWaitlistEntry[]>(MY_WAITLIST_PATH, { refreshInterval: (latest) => (latest?.length ? HEAR_MS : 0) });
  useChanged(lines?.map((l) => `${l.party_id}:${l.position}`).join(','), () => seatChanged(['waitlist_move', 'offer']));

  // The ends of my unpaid holds: when the soonest still to come arrives, every screen reads my seats again.
  const { data: mine } = useMyParties(true);
  const holds = (mine ?? [])
    .filter((p) => p.my_status === 'pending' && p.hold_expires_at)
    .map((p) => `${p.id}@${new Date(p.hold_expires_at ?? '').getTime()}`)
    .join(',');
  useEffect(() => {
    const ends = holds
      .split(',')
      .filter(Boolean)
      .map((h) => h.split('@').map(Number))
      .sort((a, b) => a[1] - b[1]);
    // The soonest still to come; else one that ended while this answer was on its way (read again once, at once).
    const next = ends.find(([, end]) => end > Date.now()) ?? ends.at(-1);
    if (!next) return;
    const [partyId, end] = next;
    const id = window.setTimeout(() => seatChanged('hold_expiry', partyId), Math.max(0, end - Date.now()) + HOLD_SLACK_MS);
    return () => window.clearTimeout(id);
  }, [holds, seatChanged]);

  return null;
}
