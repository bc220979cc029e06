import defaultParty from '../../../assets/images/default-party.svg';
import type { HomeParty } from '../api/home-parties';
import { formatMonthDayTime } from '../lib/format-date';
import { Img } from '../ui/Img';

interface Props {
  party: HomeParty;
  pending: boolean;
  disabled: boolean;
  onApply: (partyId: number) => void;
}

export function PartyCard({ party, pending, disabled, onApply }: Props) {
  const applied = party.applied_count ?? 0;
  const full = applied >= party.max_participants;
  const label = pending ? '신청 중...' : full ? '모집마감' : '신청하기';
  return (
    <li className="party-card">
      <div className="party-card__photo">
        <Img src={party.place_photo} fallback={defaultParty} alt={party.place_name} />
        <span className="party-card__badge">{party.place_name}</span>
      </div>
      <div className="party-card__body">
        <h2 className="party-card__title">#{party.title}</h2>
        <p className="party-card__meta">
          <time dateTime={party.start_time}>{formatMonthDayTime(party.start_time)}</time>
          <span>
            {applied}/{party.max_participants}명
          </span>
        </p>
        <button
          type="button"
          className="button button--small"
          disabled={pending || full || disabled}
          onClick={() => onApply(party.id)}
        >
          {label}
        </button>
      </div>
    </li>
  );
}
