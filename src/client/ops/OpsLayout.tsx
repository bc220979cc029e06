import type { ReactNode } from 'react';
import { Link, useRoute } from 'wouter';
import { opsFetch } from './ops-api';
import { type OpsSession, setOpsSession } from './ops-session';
import { CAMPUS_TEXTS } from './campus-texts';
import { OPS_ME_PATH, type OpsMeAnswer } from './operators-api';
import { OPERATORS_TEXTS } from './operators-texts';
import { OPS_TEXTS as T } from './ops-texts';
import { PLACES_TEXTS } from './places-texts';
import { PRIVACY_POLICY_TEXTS } from './privacy-policy-texts';
import { useOpsData } from './use-ops-data';

/** The console's sections, in the order of an operator's day. Paths are inside /ops. */
const OPS_SECTIONS = [
  { path: '/', label: T.dashboard },
  { path: '/verifications', label: T.verifications },
  { path: '/parties', label: T.parties },
  { path: '/places', label: PLACES_TEXTS.nav },
  { path: '/campus', label: CAMPUS_TEXTS.nav },
  { path: '/reports', label: T.reports },
  { path: '/users', label: T.points },
  { path: '/audit', label: T.audit },
  { path: '/privacy', label: PRIVACY_POLICY_TEXTS.nav },
] as const;
// Admins only (issue 33 §5): asked of "who am I" on each visit, so a role given or taken shows without a new sign-in.
const ADMIN_SECTION = { path: '/operators', label: OPERATORS_TEXTS.nav };

function NavLink({ path, label }: { path: string; label: string }) {
  const [active] = useRoute(path === '/' ? '/' : `${path}/*?`);
  return (
    <Link href={path} className={active ? 'ops-nav__link ops-nav__link--active' : 'ops-nav__link'} aria-current={active ? 'page' : undefined}>
      {label}
    </Link>
  );
}

/** A bar with the sections across the top on a phone, a side column on a laptop. */
export function OpsLayout({ session, children }: { session: OpsSession; children: ReactNode }) {
  const { data: me } = useOpsData<OpsMeAnswer>(OPS_ME_PATH);
  function logout() {
    // The server ends the session; the console forgets it either way (an unreachable server must not keep it open).
    void opsFetch('/api/ops/auth/logout/', { method: 'POST' }).catch(() => undefined);
    setOpsSession(null);
  }
  return (
    <div className="ops">
      <header className="ops__bar">
        <strong className="ops__title">{T.title}</strong>
        <span className="ops__who">{session.operator.username}</span>
        <button type="button" className="button button--small button--ghost" onClick={logout}>
          {T.logout}
        </button>
      </header>
      <nav className="ops-nav" aria-label={T.nav}>
        {OPS_SECTIONS.map((s) => (
          <NavLink key={s.path} path={s.path} label={s.label} />
        ))}
        {me?.is_admin && <NavLink path={ADMIN_SECTION.path} label={ADMIN_SECTION.label} />}
      </nav>
      <main className="ops__main">{children}</main>
    </div>
  );
}
