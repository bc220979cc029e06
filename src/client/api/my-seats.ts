import { useMemo } from 'react';
import { useMyParties } from './my-parties';
import { useMyWaitlist } from './waitlist';

/** Where I stand in a party, as every card shows it (issue 30 §4). */
export type MySeat =
  | { kind: 'pending'; holdExpiresAt: string | null }
  | { kind: 'confirmed' }
  | { kind: 'waiting'; position: number };

/**
 * My seat or my place in the line of each party I hold one in or wait for, by party id, for the public lists' cards.
 * The lists themselves stay the same for everyone (shared and cacheable); my side comes from the assistant's two
 * answers, which already say it. Nothing is asked for a guest (`enabled`).
 */
export function useMySeats(enabled: boolean): ReadonlyMap<number, MySeat> {
  const { data: parties } = useMyParties(enabled);
  const { data: lines } = useMyWaitlist(enabled);
  return useMemo(() => {
    const seats = new Map<number, MySeat>();
    if (!enabled) return seats;
    for (const line of lines ?? []) seats.set(line.party_id, { kind: 'waiting', position: line.position });
    for (const p of parties ?? []) {
      seats.set(p.id, p.my_status === 'confirmed' ? { kind: 'confirmed' } : { kind: 'pending', holdExpiresAt: p.hold_expires_at });
    }
    return seats;
  }, [enabled, lines, parties]);
}
