import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { FooterNav } from './FooterNav';
import { Header } from './Header';
import { OutageBanner } from './OutageBanner';
import { showsChrome } from './nav-tabs';

export function Layout({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  const chrome = showsChrome(location);
  return (
    <div className="app-shell">
      <div className={chrome ? 'app-column app-column--with-footer' : 'app-column'}>
        {chrome && <Header />}
        <OutageBanner />
        <main className="app-main">{children}</main>
        {chrome && <FooterNav />}
      </div>
    </div>
  );
}
