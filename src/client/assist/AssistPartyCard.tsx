import { useLocation } from 'wouter';
import defaultAvatar from '../../../assets/images/default-avatar.svg';
import defaultParty from '../../../assets/images/default-party.svg';
import type { MyParty } from '../../shared/live';
import { formatMonthDayTime } from '../lib/format-date';
import { CalendarLink } from '../ui/CalendarLink';
import { Img } from '../ui/Img';
import { LeaveSeatButton } from '../ui/LeaveSeatButton';
import { MyStateChip } from '../ui/MyStateChip';
import { lobbyOpen, profileIcons, timeLeft as timeLeftMs } from './assist-parties';
import { ASSIST_TEXTS as T } from './assist-texts';

export function AssistPartyCard({ party, now }: { party: MyParty; now: number }) {
  const [, navigate] = useLocation();
  const current = party.participation_count; // spec §3: current_participants is participation_count
  const pending = party.my_status === 'pending';
  const canEnter = !pending && lobbyOpen(party, now);

  return (
    <article className="card card--large assist-card" aria-label={party.title}>
      <div className="card__cover assist-card__photo">
        <Img src={party.place_photo} fallback={defaultParty} alt="" />
        <span className="chip chip--photo">{party.place_name}</span>
      </div>
      <div className="assist-card__body">
        <h2 className="assist-card__title">{party.title}</h2>
        <p className="assist-card__time">
          <time dateTime={party.start_time}>{formatMonthDayTime(party.start_time)}</time>
        </p>
        <div className="assist-card__people">
          <ul className="plain-list assist-card__icons" aria-label={`${T.participants} ${current}/${party.max_participants}명`}>
            {profileIcons(party).map((p) => (
              <li key={p.id}>
                <Img className="avatar avatar--ringed avatar--md" src={p.profile_image} fallback={defaultAvatar} alt={p.username} title={p.username} />
              </li>
            ))}
          </ul>
          <span className="assist-card__count">
            {T.participants} <strong>{current}</strong>/{party.max_participants}
          </span>
        </div>
        {canEnter ? (
          <button type="button" className="button" onClick={() => navigate(`/balancewait/${party.id}`)}>
            {T.enterLobby}
          </button>
        ) : pending ? (
          <p className="note assist-card__note assist-card__note--pending">
            <MyStateChip seat={{ kind: 'pending', holdExpiresAt: party.hold_expires_at }} className="assist-card__pill" />
            {T.paymentPendingHint}
          </p>
        ) : (
          <p className="note assist-card__note">{T.lobbyOpensHint}</p>
        )}
        <div className="assist-card__links">
          <CalendarLink partyId={party.id} className="assist-card__calendar" />
          {/* A seat ends by leaving it before the start; once under way there is nothing to leave. */}
          {timeLeftMs(party, now) > 0 && <LeaveSeatButton partyId={party.id} title={party.title} />}
        </div>
      </div>
    </article>
  );
}
