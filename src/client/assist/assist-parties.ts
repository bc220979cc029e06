import { MAX_PROFILE_ICONS, NO_SHOW_HOURS, STANDBY_OPENS_MINUTES } from '../../shared/constants';
import type { MyParty } from '../../shared/live';

const startOf = (party: MyParty) => new Date(party.start_time).getTime();

export const timeLeft = (party: MyParty, now: number) => startOf(party) - now;

/** Spec §4: least time left first; parties already under way have none left, so they lead. */
export function sortByTimeLeft(parties: readonly MyParty[], now: number): MyParty[] {
  return [...parties].sort(
    (a, b) => Math.max(0, timeLeft(a, now)) - Math.max(0, timeLeft(b, now)) || startOf(a) - startOf(b) || a.id - b.id,
  );
}

/** The server's standby window (docs/rules.md): 30 min before the start until 3 h after. */
export function lobbyOpen(party: MyParty, now: number): boolean {
  const start = startOf(party);
  return now >= start - STANDBY_OPENS_MINUTES * 60_000 && now <= start + NO_SHOW_HOURS * 3_600_000;
}

/** Spec §2: up to five icons, people with a photo first (stable, so the order otherwise stays the server's). */
export function profileIcons(party: MyParty): MyParty['participants'] {
  const withPhoto = party.participants.filter((p) => p.profile_image);
  const without = party.participants.filter((p) => !p.profile_image);
  return [...withPhoto, ...without].slice(0, MAX_PROFILE_ICONS);
}

/**
 * The paid-for party whose start time arrived while the student was looking (after `since`, at or before `now`).
 * Pending seats are left out: their owner cannot enter the lobby, so sending them there would only end in a 403.
 */
export function partyJustStarted(parties: readonly MyParty[], since: number, now: number): MyParty | null {
  return parties.find((p) => p.my_status === 'confirmed' && startOf(p) > since && startOf(p) <= now) ?? null;
}
