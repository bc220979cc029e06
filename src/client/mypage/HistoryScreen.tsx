import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { errorMessage, type ApiError } from '../api/api-error';
import { type HistoryEntry, useHistory } from '../api/history';
import { isLoggedInAtom } from '../state/session-atoms';
import { NotConnected, OfflineMark, useOffline } from '../ui/OfflineState';
import { ScreenPage } from '../ui/ScreenPage';
import { HistoryCard } from './HistoryCard';
import { HISTORY_TEXTS as T } from './history-texts';
import { ReviewModal } from './ReviewModal';
import './history.css';
import { ListSkeleton } from '../ui/ListSkeleton';

function loadErrorText(loggedIn: boolean, error: ApiError | undefined): string | null {
  if (!loggedIn || error?.status === 401) return T.loginRequired;
  return error ? errorMessage(error, T.loadFailed) : null;
}

export default function HistoryScreen() {
  const loggedIn = useAtomValue(isLoggedInAtom);
  const { data, error, mutate } = useHistory(loggedIn);
  const [reviewing, setReviewing] = useState<HistoryEntry | null>(null);
  const failed = loadErrorText(loggedIn, error);
  const offline = useOffline(error);
  const signedOut = !loggedIn || error?.status === 401;

  const reviewed = (partyId: number) => {
    setReviewing(null);
    void mutate((list) => list?.map((p) => (p.id === partyId ? { ...p, reviewed: true } : p)), { revalidate: false });
  };

  let body;
  if (signedOut) body = <p className="error-text history__status">에러: {failed}</p>;
  else if (data?.length)
    body = (
      <>
        {/* Kept in memory only (never stored): what this session last read, marked as such. */}
        {offline && <OfflineMark />}
        <ul className="plain-list history__list">
          {data.map((party, i) => (
            <HistoryCard key={party.id ?? `unknown-${i}`} party={party} onReview={setReviewing} />
          ))}
        </ul>
      </>
    );
  // Only the server's answer of now may say there is no history; offline, the honest state with a retry.
  else if (offline) body = <NotConnected retry={() => void mutate()} />;
  else if (failed) body = <p className="error-text history__status">에러: {failed}</p>;
  else if (!data) body = <ListSkeleton shape="row" />;
  else body = <p className="status-text">{T.empty}</p>;

  return (
    <ScreenPage title={T.title} back>
      {body}
      {reviewing && <ReviewModal party={reviewing} onClose={() => setReviewing(null)} onReviewed={reviewed} />}
    </ScreenPage>
  );
}
