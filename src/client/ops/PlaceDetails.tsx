import type { RefObject } from 'react';
import { percentShort } from './place-form';
import { PlaceMoveForm, PlaceRenameForm } from './PlaceEditForms';
import { PlacePhoto } from './PlacePhoto';
import type { OpsPlace, PlaceSaved } from './places-api';
import { PLACES_TEXTS as T } from './places-texts';

interface Props {
  place: OpsPlace;
  /** Focused when the place was chosen from the list, so a keyboard or screen reader lands on what opened. */
  headingRef: RefObject<HTMLHeadingElement | null>;
  onClose: () => void;
  onSaved: PlaceSaved;
}

/** The chosen place: its photo, name and position, each changed on its own. */
export function PlaceDetails({ place, headingRef, onClose, onSaved }: Props) {
  return (
    <section className="places-panel" aria-labelledby="places-details-title">
      <div className="places-panel__head">
        <h2 id="places-details-title" ref={headingRef} tabIndex={-1} className="ops-section__title places-panel__title">
          {place.name}
        </h2>
        <button type="button" className="button button--ghost places-button" onClick={onClose}>
          {T.close}
        </button>
      </div>
      <p className="ops-muted places-panel__facts">
        {T.position(percentShort(place.x_norm), percentShort(place.y_norm))} · {T.upcoming(place.upcoming_parties)}
      </p>
      <PlacePhoto key={`photo-${place.id}`} place={place} onSaved={onSaved} />
      <PlaceRenameForm key={`name-${place.id}`} place={place} onSaved={onSaved} />
      <PlaceMoveForm key={`move-${place.id}`} place={place} onSaved={onSaved} />
    </section>
  );
}
