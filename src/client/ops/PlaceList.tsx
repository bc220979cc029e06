import { percentShort } from './place-form';
import type { OpsPlace } from './places-api';
import { PLACES_TEXTS as T } from './places-texts';

interface Props {
  places: OpsPlace[];
  selectedId: number | null;
  onSelect: (id: number) => void;
}

/** Every place as a plain list: what the map shows, reachable by keyboard and screen reader too. */
export function PlaceList({ places, selectedId, onSelect }: Props) {
  return (
    <section className="places-list-section" aria-labelledby="places-list-title">
      <h2 id="places-list-title" className="ops-section__title">
        {T.list} <span className="ops-muted">({places.length})</span>
      </h2>
      {places.length === 0 ? (
        <p className="status-text">{T.empty}</p>
      ) : (
        <ul className="places-list">
          {places.map((p) => (
            <li key={p.id}>
              <button type="button" className="places-list__item" aria-pressed={p.id === selectedId} data-place-id={p.id} onClick={() => onSelect(p.id)}>
                <span className="places-list__name">{p.name}</span>
                <span className="places-list__meta">
                  {T.position(percentShort(p.x_norm), percentShort(p.y_norm))} · {T.upcoming(p.upcoming_parties)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
