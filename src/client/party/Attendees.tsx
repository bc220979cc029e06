import defaultAvatar from '../../../assets/images/default-avatar.svg';
import type { PartyParticipationEntry } from '../../shared/parties';
import { Img } from '../ui/Img';

const NONE_YET = '아직 참가자가 없습니다. 첫 번째로 신청해 보세요!';

export function Attendees({ participations }: { participations: PartyParticipationEntry[] }) {
  return (
    <>
      <h2 className="party-detail__heading">참가자</h2>
      {participations.length === 0 ? (
        <p className="party-detail__none">{NONE_YET}</p>
      ) : (
        <ul className="plain-list attendee-grid" aria-label="참가자 목록">
          {participations.map(({ id, user }) => (
            <li key={id} className="attendee-grid__item">
              <Img className="avatar avatar--ringed avatar--large" src={user.profile_image} fallback={defaultAvatar} alt="" width={56} height={56} loading="lazy" />
              <span className="attendee-grid__name">{user.username}</span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
