import type { LiveParticipationStatus, MapParty } from '../../shared/parties';
import { OfflineMark } from '../ui/OfflineState';
import { COMMON_TEXTS, OFFLINE_TEXTS } from '../ui/texts';
import { MapPartyCard } from './MapPartyCard';
import { MAP_TEXTS } from './map-texts';

interface Props {
  parties: MapParty[] | undefined;
  failed: boolean;
  /** The network is gone: a kept list carries the offline mark, and nothing kept reads 연결되지 않았습니다. */
  offline: boolean;
  onRetry: () => void;
  myStates: ReadonlyMap<number, LiveParticipationStatus>;
}

/** The cards, or what stands in for them while loading, after a failure, or when nothing is planned. */
export function PartyList({ parties, failed, offline, onRetry, myStates }: Props) {
  if (parties?.length) {
    return (
      <>
        {offline && <OfflineMark />}
        <ul className="plain-list map-list" aria-label={MAP_TEXTS.listLabel}>
          {parties.map((party) => (
            <MapPartyCard key={party.id} party={party} myStatus={myStates.get(party.id)} />
          ))}
        </ul>
      </>
    );
  }
  // Only the server's answer of now may say nothing is planned; a failed or offline load never does.
  if (failed || offline) {
    return (
      <div className="map-list__status" role="alert">
        <p>{offline ? OFFLINE_TEXTS.unreachable : MAP_TEXTS.error}</p>
        <button type="button" className="button button--small button--ghost" onClick={onRetry}>
          {MAP_TEXTS.retry}
        </button>
      </div>
    );
  }
  if (!parties) return <p className="map-list__status">{COMMON_TEXTS.loading}</p>;
  return <p className="map-list__status">{MAP_TEXTS.empty}</p>;
}
