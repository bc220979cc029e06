import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { errorMessage } from '../api/api-error';
import { type HistoryEntry, useHistory } from '../api/history';
import { isLoggedInAtom } from '../state/session-atoms';
import { LoginRequiredModal } from '../ui/LoginRequiredModal';
import { NotConnected, OfflineMark, useOffline } from '../ui/OfflineState';
import { ScreenPage } from '../ui/ScreenPage';
import { HistoryCard } from './HistoryCard';
import { HISTORY_TEXTS as T } from './history-texts';
import { ReviewModal } from './ReviewModal';
import './history.css';
import { ListSkeleton } from '../ui/ListSkeleton';

export default function HistoryScreen() {
  const loggedIn = useAtomValue(isLoggedInAtom);
  const [, navigate] = useLocation();
  const { data, error, mutate } = useHistory(loggedIn);
  const [reviewing, setReviewing] = useState<HistoryEntry | null>(null);
  const failed = error ? errorMessage(error, T.loadFailed) : null;
  const offline = useOffline(error);
  const signedOut = !loggedIn || error?.status === 401;

  const reviewed = (partyId: number) => {
    setReviewing(null);
    void mutate((list) => list?.map((p) => (p.id === partyId ? { ...p, reviewed: true } : p)), { revalidate: false });
  };

  let body;
  // A guest, or a session the refresh could not save, is asked to sign in (and comes back here), not told "에러:"
  // with no way on. Closing goes home, as on the other my-page screens that cannot be used without a session.
  if (signedOut) body = <LoginRequiredModal onClose={() => navigate('/', { replace: true })} />;
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
