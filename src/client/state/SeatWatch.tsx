import { useEffect, useRef } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type { MyWaitlistEntry, NoticeUnreadCount } from '../../shared/parties';
import { useMyParties } from '../api/my-parties';
import { MY_PARTIES_PATH } from '../api/read-paths';
import { UNREAD_COUNT_PATH } from '../api/notices';
import { type SeatEvent, useSeatChanged } from '../api/seat-change';
import { MY_WAITLIST_PATH } from '../api/waitlist';

// How often a signed-in tab asks whether something happened to my seats that I did not do myself. SWR asks only
// while the tab is visible, and again at once when it comes back to the front.
const HEAR_MS = 15_000;
// A hold is read again just after its end: the server releases it by its clock, not ours.
const HOLD_SLACK_MS = 1_000;
// Until the server has released an ended hold, my seats are asked again this often, for this long at most.
const RELEASE_POLL_MS = 5_000;
const RELEASE_WAIT_MS = 3 * 60_000;
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

/** `partyId@endMs,…` back to pairs. */
const parseHolds = (holds: string) =>
  holds
    .split(',')
    .filter(Boolean)
    .map((h) => h.split('@').map(Number) as [number, number]);

/** What SeatSync.tsx runs for a signed-in student. */
export function SeatWatch() {
  const seatChanged = useSeatChanged();
  const { mutate } = useSWRConfig();

  const { data: unread } = useSWR<NoticeUnreadCount>(UNREAD_COUNT_PATH, { refreshInterval: HEAR_MS });
  useChanged(unread?.count, () => seatChanged(HEARD_BY_NOTICE));

  // My lines, asked again only while I wait in one: a position that moves, or a party gone from them (its seat
  // offered to me), is heard within one interval.
  const { data: lines } = useSWR<MyWaitlistEntry[]>(MY_WAITLIST_PATH, { refreshInterval: (latest) => (latest?.length ? HEAR_MS : 0) });
  useChanged(lines?.map((l) => `${l.party_id}:${l.position}`).join(','), () => seatChanged(['waitlist_move', 'offer']));

  // The ends of my unpaid holds. The server releases an ended hold at its next sweep (every 30 s by default), not
  // at the second it ends: from the soonest end on, my seats are read again until the seat is gone from them, and
  // then every screen reads it again — the seat count, 참가신청 back on the party's page, the card gone from the
  // assistant. Asked while the tab is in front only (coming back to it reads my seats anyway), and not forever.
  const { data: mine } = useMyParties(true);
  const holds = (mine ?? [])
    .filter((p) => p.my_status === 'pending' && p.hold_expires_at)
    .map((p) => `${p.id}@${new Date(p.hold_expires_at ?? '').getTime()}`)
    .join(',');
  useEffect(() => {
    const ends = parseHolds(holds).map(([, end]) => end);
    let timer: number | undefined;
    const plan = () => {
      const now = Date.now();
      const overdue = ends.some((end) => end <= now && now < end + RELEASE_WAIT_MS);
      const at = Math.min(overdue ? now + RELEASE_POLL_MS : Infinity, ...ends.filter((end) => end > now).map((end) => end + HOLD_SLACK_MS));
      if (at === Infinity) return;
      timer = window.setTimeout(() => {
        if (document.visibilityState !== 'hidden') void mutate(MY_PARTIES_PATH);
        plan();
      }, at - now);
    };
    plan();
    return () => window.clearTimeout(timer);
  }, [holds, mutate]);

  // A hold gone from my seats once it had ended: the server has released it (a seat paid or left goes earlier, and
  // its own screen says so).
  const heldBefore = useRef('');
  useEffect(() => {
    const before = parseHolds(heldBefore.current);
    heldBefore.current = holds;
    const still = new Set(parseHolds(holds).map(([partyId]) => partyId));
    const now = Date.now();
    for (const [partyId, end] of before) if (!still.has(partyId) && end <= now + HOLD_SLACK_MS) seatChanged('hold_expiry', partyId);
  }, [holds, seatChanged]);

  return null;
}
