import { useAtomValue } from 'jotai';
import { lazy, Suspense } from 'react';
import { isLoggedInAtom } from '../state/session-atoms';
import { BellButton } from './BellButton';
import { APP_NAME } from './texts';
import './header.css';

// Kept out of the entry chunk: the count needs SWR, which every page would otherwise preload.
const UnreadBell = lazy(() => import('./UnreadBell'));

export function Header() {
  const loggedIn = useAtomValue(isLoggedInAtom);
  return (
    <header className="app-header">
      <span className="app-header__name">{APP_NAME}</span>
      {loggedIn ? (
        <Suspense fallback={<BellButton />}>
          <UnreadBell />
        </Suspense>
      ) : (
        <BellButton />
      )}
    </header>
  );
}
