import { useId, useState } from 'react';
import type { Notice } from '../../shared/parties';
import { NoticeItem } from './NoticeItem';
import type { NoticeThread } from './notice-threads';
import { NOTIFICATION_TEXTS as T } from './notification-texts';

/**
 * A party's notices as one entry of the list: the party's name and how many notices it has, the newest of them, and
 * the earlier ones behind a button. A notice about no party is shown as it is.
 */
export function NoticeThreadItem({ thread, onOpen }: { thread: NoticeThread; onOpen: (thread: NoticeThread, notice: Notice) => void }) {
  const [expanded, setExpanded] = useState(false);
  const headingId = useId();
  const olderId = useId();
  const [newest, ...older] = thread.notices;
  const open = (notice: Notice) => onOpen(thread, notice);
  if (thread.partyId === null) return <NoticeItem notice={newest} onOpen={open} />;
  return (
    <li className="notice-thread">
      <h2 id={headingId} className="notice-thread__head">
        <span className="notice-thread__title">{thread.partyTitle}</span>{' '}
        <span className="notice-thread__count">
          {T.threadCount(thread.notices.length)}
          {thread.unread > 0 && ` · ${T.threadUnread(thread.unread)}`}
        </span>
      </h2>
      <ul className="plain-list" aria-labelledby={headingId}>
        <NoticeItem notice={newest} onOpen={open} />
      </ul>
      {older.length > 0 && (
        <>
          {expanded && (
            <ul id={olderId} className="plain-list" aria-labelledby={headingId}>
              {older.map((notice) => (
                <NoticeItem key={notice.id} notice={notice} onOpen={open} />
              ))}
            </ul>
          )}
          <button type="button" className="notice-thread__more" aria-expanded={expanded} aria-controls={expanded ? olderId : undefined} onClick={() => setExpanded(!expanded)}>
            {expanded ? T.hideOlder : T.showOlder(older.length)}
          </button>
        </>
      )}
    </li>
  );
}
