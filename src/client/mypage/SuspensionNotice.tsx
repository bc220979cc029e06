import { useId } from 'react';
import type { MyPageMain } from '../../shared/mypage';
import { suspensionUntil } from '../../shared/suspension';
import { SUSPENSION_NOTICE_TEXTS as T } from './mypage-texts';

/**
 * An operator's suspension in force (issue 29): why, until when, and what the student may still do. The server
 * leaves it out once the suspension is lifted or its end has passed.
 */
export function SuspensionNotice({ main }: { main: MyPageMain }) {
  const id = useId();
  const suspension = main.suspension;
  if (!suspension) return null;
  return (
    <section className="mypage-verification mypage-suspension" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="mypage-verification__title">
        {T.title}
      </h2>
      <dl className="mypage-suspension__facts">
        <dt>{T.reason}</dt>
        <dd>{suspension.reason}</dd>
        <dt>{T.until}</dt>
        <dd>{suspensionUntil(suspension.ends_at, new Date())}</dd>
      </dl>
      <p className="note">{T.body}</p>
    </section>
  );
}
