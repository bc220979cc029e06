import { useLocation } from 'wouter';
import defaultAvatar from '../../../assets/images/default-avatar.svg';
import type { ParticipantEntry } from '../../shared/live';
import type { ReportNavState } from '../lib/report-nav-state';
import { Img } from '../ui/Img';
import { useAlert } from '../ui/use-alert';
import { participantTags } from './participants-tags';
import { PARTICIPANTS_TEXTS as T } from './participants-texts';

export function ParticipantsItem({ entry, partyId, isMe }: { entry: ParticipantEntry; partyId: number; isMe: boolean }) {
  const [, navigate] = useLocation();
  const showAlert = useAlert();
  const { user } = entry;
  const tags = participantTags(user.extra_setting);

  const report = () => {
    if (isMe) {
      void showAlert(T.selfReport);
      return;
    }
    const state: ReportNavState = { userId: user.id, name: user.username, photo: user.profile_image, partyId };
    navigate(`/report/${user.id}`, { state });
  };

  return (
    <li className="card participants-item">
      <Img className="participants-item__photo" src={user.profile_image} fallback={defaultAvatar} alt="" width={52} height={52} />
      <div className="participants-item__body">
        <p className="participants-item__name">
          {user.username}
          {isMe && <span className="chip chip--muted">{T.me}</span>}
          {entry.is_standby && <span className="chip chip--ok">{T.ready}</span>}
        </p>
        <p className="participants-item__intro">{user.intro?.trim() || T.noIntro}</p>
        {tags.length > 0 && (
          <ul className="plain-list participants-item__tags">
            {tags.map((tag, i) => (
              <li key={`${i}-${tag}`} className="chip chip--md chip--soft">
                {tag}
              </li>
            ))}
          </ul>
        )}
      </div>
      {/* aria-disabled rather than disabled: a disabled button swallows the tap, and the spec wants it to explain. */}
      <button
        type="button"
        className={isMe ? 'participants-item__report participants-item__report--off tap-area' : 'participants-item__report tap-area'}
        aria-disabled={isMe || undefined}
        onClick={report}
      >
        {isMe ? T.cannotReport : T.report}
      </button>
    </li>
  );
}
