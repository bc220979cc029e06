import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { COUNTDOWN_TICK_MS } from '../../shared/constants';
import { useMyParties } from '../api/my-parties';
import { useNow } from '../lib/use-now';
import { isLoggedInAtom } from '../state/session-atoms';
import { OfflineMark, useOffline, useUnreachableText } from '../ui/OfflineState';
import { ScreenPage } from '../ui/ScreenPage';
import { partyJustStarted, sortByTimeLeft, timeLeft } from './assist-parties';
import { ASSIST_TEXTS as T } from './assist-texts';
import { AssistLoginPopup } from './AssistLoginPopup';
import { AssistWaitlist } from './AssistWaitlist';
import { CountdownBanner } from './CountdownBanner';
import { PartyCarousel } from './PartyCarousel';
import { StartModal } from './StartModal';
import './assist.css';
import { ListSkeleton } from '../ui/ListSkeleton';

export default function AssistScreen() {
  const loggedIn = useAtomValue(isLoggedInAtom);
  const { data, error, isLoading, isValidating, mutate } = useMyParties(loggedIn);
  const now = useNow(COUNTDOWN_TICK_MS);
  // "Arrives while on the screen": only starts after this moment open the start modal.
  const [openedAt] = useState(() => Date.now());
  const needsLogin = !loggedIn || error?.status === 401;
  const offline = useOffline(error);
  const unreachable = useUnreachableText();

  const parties = data ? sortByTimeLeft(data, now) : [];
  const started = data ? partyJustStarted(data, openedAt, now) : null;

  return (
    <ScreenPage title={T.title}>
      {needsLogin ? (
        <AssistLoginPopup />
      ) : parties.length > 0 ? (
        <>
          {/* Kept in memory only (never stored): what this session last read, marked as such. */}
          {offline && <OfflineMark />}
          <CountdownBanner title={parties[0].title} msLeft={timeLeft(parties[0], now)} />
          <PartyCarousel parties={parties} now={now} />
        </>
      ) : error || offline ? (
        // Only the server's answer of now may say I have no parties; a failed or offline load never does.
        <div className="assist-state" role="alert">
          <p className="assist-state__main">{offline ? unreachable : T.loadFailed}</p>
          <button type="button" className="button button--small" disabled={isValidating} onClick={() => void mutate()}>
            {T.retry}
          </button>
        </div>
      ) : isLoading || !data ? (
        <ListSkeleton shape="card" count={1} />
      ) : (
        <EmptyState />
      )}
      {!needsLogin && <AssistWaitlist enabled={loggedIn} />}
      {started && <StartModal partyId={started.id} />}
    </ScreenPage>
  );
}

function EmptyState() {
  const [, navigate] = useLocation();
  return (
    <div className="assist-state">
      <p className="assist-state__main">{T.empty}</p>
      <p className="assist-state__hint">{T.emptyHint}</p>
      <button type="button" className="button button--small" onClick={() => navigate('/')}>
        {T.browse}
      </button>
    </div>
  );
}
