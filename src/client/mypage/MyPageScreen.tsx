import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { useMyPageMain } from '../api/mypage';
import { isLoggedInAtom } from '../state/session-atoms';
import { useLogout } from '../state/use-session-actions';
import { useAlert } from '../ui/use-alert';
import { LoginRequiredModal } from '../ui/LoginRequiredModal';
import { NotConnected, OfflineMark, useOffline } from '../ui/OfflineState';
import { ScreenPage } from '../ui/ScreenPage';
import { COMMON_TEXTS } from '../ui/texts';
import { HelpSheet } from './HelpSheet';
import { MyPageMenu } from './MyPageMenu';
import { MYPAGE_TEXTS as T } from './mypage-texts';
import { ProfileSummary } from './ProfileSummary';
import { StatsCard } from './StatsCard';
import { SuspensionNotice } from './SuspensionNotice';
import { useRedirectOn401 } from './use-auth-redirect';
import { VerificationPanel } from './VerificationPanel';
import { PushToggle } from '../ui/PushToggle';
import { WithdrawDialog } from './WithdrawDialog';
import './mypage.css';

type Sheet = 'help' | 'withdraw' | null;

export default function MyPageScreen() {
  const loggedIn = useAtomValue(isLoggedInAtom);
  const [, navigate] = useLocation();
  const { data, error, mutate } = useMyPageMain(loggedIn);
  const offline = useOffline(error);
  const logout = useLogout();
  const showAlert = useAlert();
  const [sheet, setSheet] = useState<Sheet>(null);
  useRedirectOn401(error);

  if (!loggedIn) {
    return (
      <ScreenPage title={T.title}>
        <LoginRequiredModal onClose={() => navigate('/', { replace: true })} />
      </ScreenPage>
    );
  }

  return (
    <ScreenPage title={T.title}>
      {data ? (
        <>
          {/* Kept in memory only (never stored): what this session last read, marked as such. */}
          {offline && <OfflineMark />}
          <ProfileSummary main={data} />
          <SuspensionNotice main={data} />
          <VerificationPanel main={data} />
          <StatsCard points={data.points} participationCount={data.participation_count} warnings={data.warnings} />
        </>
      ) : offline && error ? (
        // Nothing reached the server: say so (a blank page would look like an account without data).
        <NotConnected retry={() => void mutate()} />
      ) : (
        // Spec §8: errors other than 401 are only logged; the menu below still works (logout above all).
        !error && <p className="status-text">{COMMON_TEXTS.loading}</p>
      )}
      <PushToggle />
      <MyPageMenu onHelp={() => setSheet('help')} onLogout={() => logout('/')} onWithdraw={() => setSheet('withdraw')} />
      {sheet === 'help' && <HelpSheet onClose={() => setSheet(null)} />}
      {sheet === 'withdraw' && (
        <WithdrawDialog
          onCancel={() => setSheet(null)}
          onDone={(detail) => {
            logout('/');
            // Not awaited: the account is gone, so the student is logged out at once; the alert (above the
            // routes) stays over the home screen until 확인.
            void showAlert(detail);
          }}
        />
      )}
    </ScreenPage>
  );
}
