import type { MouseEvent } from 'react';
import { useLocation } from 'wouter';
import defaultParty from '../../../assets/images/default-party.svg';
import type { MapParty } from '../../shared/parties';
import type { MySeat } from '../api/my-seats';
import { Img } from '../ui/Img';
import { MyStateChip } from '../ui/MyStateChip';
import { formatMapDate } from './map-date';
import { MAP_TEXTS } from './map-texts';

function PeopleIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 19.5a6.5 6.5 0 0 1 13 0M16 4.8a3.5 3.5 0 0 1 0 6.4M18 14a6 6 0 0 1 3.5 5.5" strokeLinecap="round" />
    </svg>
  );
}

interface Props {
  party: MapParty;
  /** My seat here, or my place in its line. */
  mySeat?: MySeat;
  /** Why I cannot join yet (a student card not approved), said on the card as home's button says it. */
  blockedLabel?: string;
  /** Its place is the selected one: the card is marked (and its marker on the map drawn larger). */
  selected: boolean;
  /** A finger down on the card, or the focus inside it: its place becomes the selected one. */
  onSelect: () => void;
}

export function MapPartyCard({ party, mySeat, blockedLabel, selected, onSelect }: Props) {
  const [, navigate] = useLocation();
  const detailPath = `/partyinfo/${party.id}`;
  // A tap anywhere on the card opens the party, like home's cards; 상세보기 stays the named way in for keyboards
  // and screen readers, and its own tap is its alone.
  const openDetail = (event: MouseEvent<HTMLLIElement>) => {
    if ((event.target as Element).closest('a, button')) return;
    navigate(detailPath);
  };
  // Spec §3: counts default to 0 when the server leaves them out.
  const applied = party.applied_count ?? 0;
  const capacity = party.max_participants ?? 0;
  const tags = party.tags ?? [];
  return (
    // A finger down (before its tap opens the party, or as it starts to scroll the list) or the focus reaching
    // 상세보기 marks the card's marker on the map.
    <li
      className={selected ? 'card map-card map-card--selected' : 'card map-card'}
      data-party-id={party.id}
      aria-current={selected ? 'true' : undefined}
      onClick={openDetail}
      onPointerDown={onSelect}
      onFocus={onSelect}
    >
      <div className="card__thumb map-card__photo">
        <Img src={party.place_photo} fallback={defaultParty} alt={party.place_name} width={92} height={92} loading="lazy" />
      </div>
      <div className="map-card__body">
        <span className="chip chip--violet map-card__badge">{party.place_name}</span>
        <h3 className="map-card__title">{party.title}</h3>
        {tags.length > 0 && (
          <ul className="plain-list map-card__tags" aria-label={MAP_TEXTS.tags}>
            {tags.map((tag) => (
              <li key={tag}>#{tag}</li>
            ))}
          </ul>
        )}
        <div className="map-card__footer">
          <p className="map-card__meta">
            <time dateTime={party.start_time}>{formatMapDate(party.start_time)}</time>
            <span className="map-card__people">
              <PeopleIcon />
              <span className="visually-hidden">{MAP_TEXTS.attendees}</span>
              <span>
                {applied}/{capacity}
              </span>
            </span>
            {mySeat ? <MyStateChip seat={mySeat} /> : blockedLabel && <span className="chip chip--md chip--muted">{blockedLabel}</span>}
          </p>
          <button type="button" className="map-card__detail tap-area" onClick={() => navigate(detailPath)}>
            {MAP_TEXTS.detail}
          </button>
        </div>
      </div>
    </li>
  );
}
