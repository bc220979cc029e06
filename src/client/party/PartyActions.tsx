import type { PartyDetail } from '../../shared/parties';
import { CalendarLink } from '../ui/CalendarLink';
import { ShareButton } from './ShareButton';

/** The top bar's actions on a party's page: its calendar file once I hold a seat, and sharing it. */
export function PartyActions({ party }: { party: PartyDetail }) {
  return (
    <div className="party-detail__actions">
      {party.my_participation && <CalendarLink partyId={party.id} />}
      <ShareButton party={party} />
    </div>
  );
}
