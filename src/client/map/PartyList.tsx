import type { LiveParticipationStatus, MapParty } from '../../shared/parties';
import { COMMON_TEXTS } from '../ui/texts';
import { MapPartyCard } from './MapPartyCard';
import { MAP_TEXTS } from './map-texts';

interface Props {
  parties: MapParty[] | undefined;
  failed: boolean;
  onRetry: () => void;
  myStates: ReadonlyMap<number, LiveParticipationStatus>;
}

/** The cards, or what stands in for them while loading, after a failure, or when nothing is planned. */
export function PartyList({ parties, failed, onRetry, myStates }: Props) {
  if (!parties && failed) {
    return (
      <div className="map-list__status">
        <p>{MAP_TEXTS.error}</p>
        <button type="button" className="button button--small button--ghost" onClick={onRetry}>
          {MAP_TEXTS.retry}
        </button>
      </div>
    );
  }
  if (!parties) return <p className="map-list__status">{COMMON_TEXTS.loading}</p>;
  if (parties.length === 0) return <p className="map-list__status">{MAP_TEXTS.empty}</p>;
  return (
    <ul className="plain-list map-list" aria-label={MAP_TEXTS.listLabel}>
      {parties.map((party) => (
        <MapPartyCard key={party.id} party={party} myStatus={myStates.get(party.id)} />
      ))}
    </ul>
  );
}
