import type { Notice } from '../../shared/parties';
import { formatDateTime } from '../lib/format-date';
import { NOTIFICATION_TEXTS as T } from './notification-texts';

export function NoticeItem({ notice, onOpen }: { notice: Notice; onOpen: (notice: Notice) => void }) {
  return (
    <li>
      <button
        type="button"
        className={notice.is_read ? 'notice notice--read' : 'notice notice--unread'}
        onClick={() => onOpen(notice)}
      >
        {!notice.is_read && (
          <>
            <span className="notice__dot" aria-hidden="true" />
            <span className="visually-hidden">{T.unread}</span>
          </>
        )}
        <span className="notice__message">{notice.message}</span>
        <time className="notice__time" dateTime={notice.created_at}>
          {formatDateTime(notice.created_at)}
        </time>
      </button>
    </li>
  );
}
