import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useLocation } from 'wouter';
import type { Notice } from '../../shared/parties';
import { markAllNoticesRead, markNoticeRead, useNotices, useRefreshUnreadCount } from '../api/notices';
import { isLoggedInAtom } from '../state/session-atoms';
import { ListSkeleton } from '../ui/ListSkeleton';
import { LoginRequiredModal } from '../ui/LoginRequiredModal';
import { LoadFailed, OfflineMark, useOffline } from '../ui/OfflineState';
import { ScreenPage } from '../ui/ScreenPage';
import { COMMON_TEXTS } from '../ui/texts';
import { type NoticeThread, threadsOf } from './notice-threads';
import { NoticeThreadItem } from './NoticeThreadItem';
import { NOTIFICATION_TEXTS as T } from './notification-texts';
import './notifications.css';

const markRead = (ids: Set<number>) => (list: Notice[] | undefined) => (list ?? []).map((item) => (ids.has(item.id) ? { ...item, is_read: true } : item));

export default function NotificationsScreen() {
  const loggedIn = useAtomValue(isLoggedInAtom);
  const [, navigate] = useLocation();
  const { data, error, mutate } = useNotices(loggedIn);
  const refreshUnreadCount = useRefreshUnreadCount();
  const [status, setStatus] = useState<{ text: string; failed: boolean } | null>(null);
  // Spec §8: a 401 here means the session is gone, so the screen treats the student as a guest.
  const guest = !loggedIn || error?.status === 401;
  const offline = useOffline(error);

  // The dots go away at once; if the server refuses, the list is reloaded from the server's truth.
  const markOnServer = (ids: Set<number>, send: () => Promise<unknown>) =>
    mutate(
      async (list) => {
        await send();
        return markRead(ids)(list);
      },
      { optimisticData: markRead(ids), rollbackOnError: true, revalidate: false },
    ).then(refreshUnreadCount);

  // A tap opens what the notice is about; marking it read does not hold that up. The thread is one party's news, and
  // it has now been opened: every unread notice of it is read.
  const open = (thread: NoticeThread, notice: Notice) => {
    if (notice.link) navigate(notice.link);
    const unread = thread.notices.filter((n) => !n.is_read).map((n) => n.id);
    if (!unread.length) return;
    markOnServer(new Set(unread), () => Promise.all(unread.map(markNoticeRead))).catch((failure: unknown) =>
      console.warn('알림을 읽음으로 표시하지 못했습니다.', failure),
    );
  };

  const readAll = () => {
    const unread = new Set((data ?? []).filter((n) => !n.is_read).map((n) => n.id));
    setStatus(null);
    markOnServer(unread, markAllNoticesRead)
      .then(() => setStatus({ text: T.readAllDone, failed: false }))
      .catch((failure: unknown) => {
        console.warn('알림을 모두 읽음으로 표시하지 못했습니다.', failure);
        setStatus({ text: T.readAllFailed, failed: true });
      });
  };

  const anyUnread = data?.some((n) => !n.is_read) ?? false;

  return (
    <ScreenPage title={COMMON_TEXTS.notifications} back>
      {guest ? (
        <LoginRequiredModal onClose={() => navigate('/', { replace: true })} />
      ) : data?.length ? (
        <>
          {/* Kept in memory only (never stored): what this session last read, marked as such. */}
          {offline && <OfflineMark />}
          <div className="notice-toolbar">
            <p className={status?.failed ? 'error-text notice-toolbar__status' : 'notice-toolbar__status'} role="status">
              {status?.text}
            </p>
            {anyUnread && (
              <button type="button" className="button button--small button--ghost" onClick={readAll}>
                {T.readAll}
              </button>
            )}
          </div>
          <ul className="plain-list notice-list">
            {threadsOf(data).map((thread) => (
              <NoticeThreadItem key={thread.key} thread={thread} onOpen={open} />
            ))}
          </ul>
        </>
      ) : error || offline ? (
        // Only the server's answer of now may say "no notifications"; a failed or offline load never does.
        <LoadFailed offline={offline} message={T.loadFailed} hint={T.loadFailedHint} retry={() => void mutate()} />
      ) : !data ? (
        <ListSkeleton shape="row" count={5} />
      ) : (
        <p className="status-text">{T.empty}</p>
      )}
    </ScreenPage>
  );
}
