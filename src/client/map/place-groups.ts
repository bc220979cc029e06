import type { MapParty } from '../../shared/parties';

/** The parties at one spot of the map: one marker, with a count when there are several. */
export interface PlaceGroup {
  key: string;
  placeName: string;
  x: number;
  y: number;
  parties: MapParty[];
}

// Two places closer than this (a hair on a 3704 px map) would hide one marker under the other; one marker
// holding both keeps every party reachable.
const SAME_SPOT = 1e-4;

/** The key of the marker a party is on: parties at one spot share it. */
export const placeKey = (p: Pick<MapParty, 'place_x_norm' | 'place_y_norm'>) =>
  `${Math.round(p.place_x_norm / SAME_SPOT)}:${Math.round(p.place_y_norm / SAME_SPOT)}`;

/**
 * One group per spot, in drawing order: top to bottom, so a marker lower on the map (nearer the viewer) is drawn
 * over the one behind it, and the hit test can take the last match. Parties keep the list's order (soonest first).
 */
export function groupByPlace(parties: readonly MapParty[]): PlaceGroup[] {
  const groups = new Map<string, PlaceGroup>();
  for (const party of parties) {
    const key = placeKey(party);
    const group = groups.get(key);
    if (group) {
      group.parties.push(party);
      if (!group.placeName.split(' · ').includes(party.place_name)) group.placeName += ` · ${party.place_name}`;
    } else {
      groups.set(key, { key, placeName: party.place_name, x: party.place_x_norm, y: party.place_y_norm, parties: [party] });
    }
  }
  return [...groups.values()].sort((a, b) => a.y - b.y || a.x - b.x);
}
