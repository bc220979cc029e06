import { useId } from 'react';
import defaultAvatar from '../../../assets/images/default-avatar.svg';
import type { StandbyMember } from '../../shared/live';
import { Img } from '../ui/Img';
import { LOBBY_TEXTS as T } from './lobby-texts';

interface Props {
  /** Who is on standby, or null while nothing has said so yet. */
  members: StandbyMember[] | null;
  myId: number | undefined;
}

/** The faces of who is ready: a count says how many, a face says whether the friend one is waiting for is there. */
export function ReadyFaces({ members, myId }: Props) {
  const titleId = useId();
  return (
    <section className="card lobby-ready" aria-labelledby={titleId}>
      <h2 className="lobby-ready__title" id={titleId}>
        {T.readyTitle}
      </h2>
      {members?.length ? (
        <ul className="plain-list lobby-ready__list">
          {members.map((m) => (
            <li key={m.id} className="lobby-ready__face">
              <Img className="avatar avatar--ringed lobby-ready__avatar" src={m.profile_image} fallback={defaultAvatar} alt="" width={44} height={44} />
              <span className="lobby-ready__name">{m.id === myId ? T.me(m.username) : m.username}</span>
            </li>
          ))}
        </ul>
      ) : (
        members && <p className="lobby-ready__none">{T.readyNone}</p>
      )}
    </section>
  );
}
