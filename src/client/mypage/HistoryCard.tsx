import { Link } from 'wouter';
import defaultParty from '../../../assets/images/default-party.svg';
import type { HistoryEntry } from '../api/history';
import { formatMonthDayTime } from '../lib/format-date';
import { Img } from '../ui/Img';
import { HISTORY_TEXTS as T } from './history-texts';

export function HistoryCard({ party, onReview }: { party: HistoryEntry; onReview: (party: HistoryEntry) => void }) {
  return (
    <li className="card history-card">
      <Img className="card__thumb history-card__photo" src={party.placePhoto} fallback={defaultParty} alt="" />
      <div className="history-card__body">
        {party.placeName && <span className="chip chip--soft">{party.placeName}</span>}
        <h2 className="history-card__title">#{party.title}</h2>
        <p className="history-card__meta">
          {party.startTime && <time dateTime={party.startTime}>{formatMonthDayTime(party.startTime)}</time>}
          <span>
            {party.applied}/{party.capacity}
            {T.people}
          </span>
        </p>
      </div>
      <div className="history-card__actions">
        {party.id !== null && (
          <Link href={`/participants/${party.id}`} className="button button--small button--ghost history-card__link">
            {T.participants}
          </Link>
        )}
        <button type="button" className="button button--small" disabled={party.reviewed} onClick={() => onReview(party)}>
          {party.reviewed ? T.reviewed : T.review}
        </button>
      </div>
    </li>
  );
}
