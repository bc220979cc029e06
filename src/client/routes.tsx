import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
// The default route comes with the entry: opening / needs no second round trip for its chunk.
import HomeScreen from './home/HomeScreen';
import { EarlyTapReplay } from './lib/early-taps';
import { whenIdle } from './lib/when-idle';
import { Layout } from './ui/Layout';
import { NotFoundScreen } from './ui/NotFoundScreen';
import { COMMON_TEXTS } from './ui/texts';
import { PASSWORD_FORGOT_PATH, PASSWORD_RESET_PATH } from '../shared/password-reset-paths';

// One chunk per other screen: a student opening the home list never downloads the map or the game.
const NotificationsScreen = lazy(() => import('./notifications/NotificationsScreen'));
const AssistScreen = lazy(() => import('./assist/AssistScreen'));
const MapScreen = lazy(() => import('./map/MapScreen'));
const MyPageScreen = lazy(() => import('./mypage/MyPageScreen'));
const HistoryScreen = lazy(() => import('./mypage/HistoryScreen'));
const ProfileEditScreen = lazy(() => import('./mypage/ProfileEditScreen'));
const ExtraWizardScreen = lazy(() => import('./mypage/ExtraWizardScreen'));
const ExtraDoneScreen = lazy(() => import('./mypage/ExtraDoneScreen'));
const AdditionalInfoScreen = lazy(() => import('./mypage/AdditionalInfoScreen'));
const PartyDetailScreen = lazy(() => import('./party/PartyDetailScreen'));
const KakaoLoginScreen = lazy(() => import('./auth/KakaoLoginScreen'));
const KakaoCallbackScreen = lazy(() => import('./auth/KakaoCallbackScreen'));
const LoginScreen = lazy(() => import('./auth/LoginScreen'));
const SignupScreen = lazy(() => import('./auth/SignupScreen'));
const PasswordForgotScreen = lazy(() => import('./auth/PasswordForgotScreen'));
const PasswordResetScreen = lazy(() => import('./auth/PasswordResetScreen'));
const PaymentScreen = lazy(() => import('./payment/PaymentScreen'));
const PaymentFinishScreen = lazy(() => import('./payment/PaymentFinishScreen'));
// The lobby is where a party waits for its game, and the game starts for everyone at once over one campus Wi-Fi: once
// the lobby is up and the browser idle, the game's code and its gauge's are fetched (game/preload-game.ts). Here, as
// only this module knows both screens.
const LobbyScreen = lazy(() =>
  import('./lobby/LobbyScreen').then((lobby) => {
    whenIdle(() => void import('./game/preload-game').then((m) => m.preloadGame(), () => undefined));
    return lobby;
  }),
);
const BalanceGameScreen = lazy(() => import('./game/BalanceGameScreen'));
const ParticipantsScreen = lazy(() => import('./party/ParticipantsScreen'));
const ReportScreen = lazy(() => import('./report/ReportScreen'));
const PrivacyScreen = lazy(() => import('./privacy/PrivacyScreen'));
// The operators' console: its own chunk, its own layout, never part of a student's load.
const OpsConsole = lazy(() => import('./ops/OpsConsole'));

const loading = <p className="status-text">{COMMON_TEXTS.loading}</p>;

/**
 * Spec §2's 21 routes, plus /home as an alias of the home list, /privacy (the 개인정보 처리방침 signup asks consent
 * to), password recovery (/password-forgot, /password-reset), and the operators' console under /ops.
 */
export function AppRoutes() {
  return (
    <Switch>
      <Route path="/ops" nest>
        <Suspense fallback={loading}>
          <OpsConsole />
        </Suspense>
      </Route>
      <Route>
        <StudentRoutes />
      </Route>
    </Switch>
  );
}

function StudentRoutes() {
  return (
    <Layout>
      <Suspense fallback={loading}>
        <Switch>
          <Route path="/" component={HomeScreen} />
          <Route path="/home" component={HomeScreen} />
          <Route path="/notifications" component={NotificationsScreen} />
          <Route path="/assist" component={AssistScreen} />
          <Route path="/map" component={MapScreen} />
          <Route path="/mypage" component={MyPageScreen} />
          <Route path="/mypage/history" component={HistoryScreen} />
          <Route path="/mypage/edit" component={ProfileEditScreen} />
          <Route path="/mypage/extra" component={ExtraWizardScreen} />
          <Route path="/mypage/extra/done" component={ExtraDoneScreen} />
          <Route path="/mypage/additional" component={AdditionalInfoScreen} />
          <Route path="/partyinfo/:partyId" component={PartyDetailScreen} />
          <Route path="/kakao-login" component={KakaoLoginScreen} />
          <Route path="/oauth/kakao/callback" component={KakaoCallbackScreen} />
          <Route path="/login" component={LoginScreen} />
          <Route path="/signup" component={SignupScreen} />
          <Route path={PASSWORD_FORGOT_PATH} component={PasswordForgotScreen} />
          <Route path={PASSWORD_RESET_PATH} component={PasswordResetScreen} />
          <Route path="/payment" component={PaymentScreen} />
          <Route path="/paymentfinish" component={PaymentFinishScreen} />
          <Route path="/balancewait/:partyId" component={LobbyScreen} />
          <Route path="/balancegame/:roundId" component={BalanceGameScreen} />
          <Route path="/participants/:partyId" component={ParticipantsScreen} />
          <Route path="/report/:userId" component={ReportScreen} />
          <Route path="/privacy" component={PrivacyScreen} />
          <Route component={NotFoundScreen} />
        </Switch>
        <EarlyTapReplay />
      </Suspense>
    </Layout>
  );
}
