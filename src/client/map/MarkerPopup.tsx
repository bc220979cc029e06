import type { Ref } from 'react';
import { Link } from 'wouter';
import { useBackLayer } from '../lib/use-back-layer';
import { CloseIcon } from '../ui/icons';
import { COMMON_TEXTS } from '../ui/texts';
import { formatMapDate } from './map-date';
import { MAP_TEXTS } from './map-texts';
import type { PlaceGroup } from './place-groups';
import { usePopupFocus } from './use-popup-focus';

interface Props {
  group: PlaceGroup;
  onClose: () => void;
  ref?: Ref<HTMLDivElement>;
}

/**
 * Spec §2: the marker's popup with the event title and place name; for a stacked marker, every party there.
 * MapStage moves it with the marker (style.transform) on each drawn frame.
 */
export function MarkerPopup({ group, onClose, ref }: Props) {
  const titleId = `map-popup-${group.key}`;
  // Focus moves in (its links are the way on), Tab stays inside, Escape closes and gives focus back.
  const focusRef = usePopupFocus<HTMLDivElement>(onClose);
  // Open over the map like a sheet is: back closes it before it leaves the map (issue 30 §8).
  useBackLayer(true, onClose);
  const setRef = (node: HTMLDivElement | null) => {
    focusRef.current = node;
    if (typeof ref === 'function') ref(node);
    else if (ref) ref.current = node;
  };
  return (
    <div ref={setRef} className="map-popup" role="dialog" aria-labelledby={titleId} tabIndex={-1}>
      <div className="map-popup__card">
        <p className="map-popup__place" id={titleId}>
          {group.placeName}
          {group.parties.length > 1 && <span className="map-popup__count">{MAP_TEXTS.partiesHere(group.parties.length)}</span>}
        </p>
        <ul className="plain-list map-popup__list">
          {group.parties.map((party) => (
            <li key={party.id}>
              <Link href={`/partyinfo/${party.id}`} className="map-popup__title tap-area">
                {party.title}
              </Link>
              <time dateTime={party.start_time}>{formatMapDate(party.start_time)}</time>
            </li>
          ))}
        </ul>
        <button type="button" className="map-popup__close tap-area" aria-label={COMMON_TEXTS.close} onClick={onClose}>
          <CloseIcon width={16} height={16} />
        </button>
      </div>
    </div>
  );
}
