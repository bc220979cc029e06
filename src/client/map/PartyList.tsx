import { useEffect, useRef } from 'react';
import type { MapParty } from '../../shared/parties';
import type { MySeat } from '../api/my-seats';
import { FilteredEmpty } from '../ui/party-filters/FilteredEmpty';
import { OfflineMark, useUnreachableText } from '../ui/OfflineState';
import { MapPartyCard } from './MapPartyCard';
import type { MapSelection } from './map-selection';
import { MAP_TEXTS } from './map-texts';
import { placeKey } from './place-groups';
import { ListSkeleton } from '../ui/ListSkeleton';

// Room left above a card scrolled to the top of the list, so it does not sit flush under the sheet's header.
const REVEAL_MARGIN = 8;

interface Props {
  parties: MapParty[] | undefined;
  failed: boolean;
  /** The network is gone: a kept list carries the offline mark, and nothing kept reads 연결되지 않았습니다. */
  offline: boolean;
  onRetry: () => void;
  mySeats: ReadonlyMap<number, MySeat>;
  /** Why I cannot join yet, on every card without a seat of mine (a student card not approved). */
  blockedLabel?: string;
  /** The selected place (map-selection): its cards are marked, and scrolled to when a marker chose it. */
  selection: MapSelection | null;
  /** A card was touched or focused: its place becomes the selected one. */
  onSelectPlace: (key: string) => void;
  /** Filters are set: an empty answer says nothing matches them, and offers to clear them. */
  onClearFilters?: () => void;
}

/** The cards, or what stands in for them while loading, after a failure, or when nothing is planned. */
export function PartyList({ parties, failed, offline, onRetry, mySeats, blockedLabel, selection, onSelectPlace, onClearFilters }: Props) {
  const listRef = useRef<HTMLUListElement>(null);
  const reveal = selection?.from === 'marker' ? selection.key : null;
  const unreachable = useUnreachableText();

  // A marker's place: its first card comes to the top of the list (the sheet's or the side panel's scrolling box,
  // the list's parent), even collapsed, where the sheet shows about one card. Not scrollIntoView: it would move
  // the page too.
  useEffect(() => {
    const list = listRef.current;
    const box = list?.parentElement;
    const card = list?.querySelector<HTMLElement>('[aria-current="true"]');
    if (!reveal || !box || !card) return;
    box.scrollTop += card.getBoundingClientRect().top - box.getBoundingClientRect().top - REVEAL_MARGIN;
  }, [reveal]);

  if (parties?.length) {
    return (
      <>
        {offline && <OfflineMark />}
        <ul ref={listRef} className="plain-list map-list" aria-label={MAP_TEXTS.listLabel}>
          {parties.map((party) => {
            const key = placeKey(party);
            return (
              <MapPartyCard
                key={party.id}
                party={party}
                mySeat={mySeats.get(party.id)}
                blockedLabel={blockedLabel}
                selected={selection?.key === key}
                onSelect={() => onSelectPlace(key)}
              />
            );
          })}
        </ul>
      </>
    );
  }
  // Only the server's answer of now may say nothing is planned; a failed or offline load never does.
  if (failed || offline) {
    return (
      <div className="map-list__status" role="alert">
        <p>{offline ? unreachable : MAP_TEXTS.error}</p>
        <button type="button" className="button button--small button--ghost" onClick={onRetry}>
          {MAP_TEXTS.retry}
        </button>
      </div>
    );
  }
  if (!parties) return <ListSkeleton shape="row" count={2} />;
  if (onClearFilters) return <FilteredEmpty className="map-list__status" onClear={onClearFilters} />;
  return <p className="map-list__status">{MAP_TEXTS.empty}</p>;
}
