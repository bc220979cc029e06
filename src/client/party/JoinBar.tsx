import defaultAvatar from '../../../assets/images/default-avatar.svg';
import { MAX_PROFILE_ICONS } from '../../shared/constants';
import type { PartyDetail } from '../../shared/parties';
import { useTimeLeft } from '../lib/use-time-left';
import { Img } from '../ui/Img';
import { LeaveSeatButton } from '../ui/LeaveSeatButton';
import { MyStateChip } from '../ui/MyStateChip';
import { JOIN_TEXTS } from '../ui/texts';

const T = {
  join: '참가신청',
  continuePayment: '결제 계속하기',
  confirmed: '참가 확정',
  cancelled: '취소된 파티',
  holdEnded: '결제 가능 시간이 끝났어요',
} as const;

interface Props {
  party: PartyDetail;
  pending: boolean;
  onJoin: () => void;
  onContinuePayment: (participationId: number) => void;
  /** My place in the line of this (full) party; null when I am not in it. */
  waitPosition: number | null;
  onWait: () => void;
  onLeaveWait: () => void;
  leavingWait: boolean;
  /** Why I cannot join yet (a student card not approved): the join button says it, and a tap explains. */
  blockedLabel?: string;
}

/** The summary (spec §9: at most 5 profile icons) and the one action that fits the student's situation. */
export function JoinBar({ party, pending, onJoin, onContinuePayment, waitPosition, onWait, onLeaveWait, leavingWait, blockedLabel }: Props) {
  const applied = party.applied_count ?? 0;
  const full = applied >= party.max_participants;
  const mine = party.my_participation;
  const shown = party.participations.slice(0, MAX_PROFILE_ICONS);
  // 결제 계속하기 only while the hold runs (issue 30 §3): past its end the seat is the server's to release.
  const holdLeft = useTimeLeft(mine?.status === 'pending' ? mine.hold_expires_at : null);
  // Nothing to leave once the party has begun (the server refuses it): the phone's clock only hides the button.
  const startsIn = useTimeLeft(party.start_time);
  const cancel = startsIn !== 0 && <LeaveSeatButton partyId={party.id} title={party.title} />;

  let action;
  if (mine?.status === 'confirmed')
    action = (
      <div className="join-bar__wait">
        <button type="button" className="button" disabled>
          {T.confirmed}
        </button>
        {cancel}
      </div>
    );
  else if (mine?.status === 'pending')
    action = (
      <div className="join-bar__wait">
        {holdLeft === 0 ? (
          <span className="join-bar__position" role="status">
            {T.holdEnded}
          </span>
        ) : (
          <button type="button" className="button button--small" onClick={() => onContinuePayment(mine.id)}>
            {T.continuePayment}
          </button>
        )}
        {cancel}
      </div>
    );
  else if (party.status === 'cancelled') action = <button type="button" className="button" disabled>{T.cancelled}</button>;
  else if (waitPosition !== null)
    action = (
      <div className="join-bar__wait">
        <span className="join-bar__position" role="status">
          {JOIN_TEXTS.waiting(waitPosition)}
        </span>
        <button type="button" className="button button--ghost button--small" disabled={leavingWait} onClick={onLeaveWait}>
          {JOIN_TEXTS.leaveWait}
        </button>
      </div>
    );
  else if (full)
    // Closed to joining (spec: 모집마감), but a full party takes a line (issue 18): the first in it gets the next
    // seat that frees.
    action = (
      <div className="join-bar__wait">
        <span className="join-bar__position">{JOIN_TEXTS.full}</span>
        <button type="button" className="button button--small" disabled={pending} onClick={onWait}>
          {pending ? JOIN_TEXTS.pending : (blockedLabel ?? JOIN_TEXTS.wait)}
        </button>
      </div>
    );
  else
    action = (
      <button type="button" className="button" disabled={pending} onClick={onJoin}>
        {pending ? JOIN_TEXTS.pending : (blockedLabel ?? T.join)}
      </button>
    );

  return (
    <div className="join-bar">
      <div className="join-bar__summary">
        <ul className="plain-list join-bar__icons" aria-label="참가자 프로필">
          {shown.map(({ id, user }) => (
            <li key={id}>
              <Img className="avatar avatar--ringed" src={user.profile_image} fallback={defaultAvatar} alt={user.username} width={28} height={28} />
            </li>
          ))}
        </ul>
        <span className="join-bar__count">
          {applied} / {party.max_participants}명 참여
        </span>
        {mine?.status === 'pending' && <MyStateChip seat={{ kind: 'pending', holdExpiresAt: mine.hold_expires_at }} className="join-bar__state" />}
      </div>
      {action}
    </div>
  );
}
