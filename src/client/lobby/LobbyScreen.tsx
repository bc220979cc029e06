import { useAtomValue } from 'jotai';
import { Link, useLocation, useParams } from 'wouter';
import vsImage from '../../../assets/images/vs.svg';
import { WS_CLOSE } from '../../shared/live';
import { isLoggedInAtom } from '../state/session-atoms';
import { LoginRequiredModal } from '../ui/LoginRequiredModal';
import { ScreenPage } from '../ui/ScreenPage';
import { LOBBY_TEXTS as T, STATUS_LABELS } from './lobby-texts';
import { useLobby } from './use-lobby';
import { useStandbyToggle } from './use-standby-toggle';
import './lobby.css';
import { parseId } from '../../shared/ids';

export default function LobbyScreen() {
  const partyId = parseId(useParams<{ partyId: string }>().partyId);
  const loggedIn = useAtomValue(isLoggedInAtom);
  const [, navigate] = useLocation();
  // A guest is asked to sign in (and comes back here after), not told a login "expired" that never existed: no
  // socket is opened without a session. Closing the question goes to the party the lobby belongs to.
  const body =
    partyId === null ? (
      <p className="error-text" role="alert">
        {T.noPartyId}
      </p>
    ) : loggedIn ? (
      <Lobby partyId={partyId} />
    ) : (
      <LoginRequiredModal onClose={() => navigate(`/partyinfo/${partyId}`, { replace: true })} />
    );
  return (
    <ScreenPage title={T.title} back>
      {body}
    </ScreenPage>
  );
}

const REFUSED: Record<number, string> = {
  [WS_CLOSE.unauthorized]: T.unauthorized,
  [WS_CLOSE.forbidden]: T.forbidden,
  [WS_CLOSE.notFound]: T.notFound,
  [WS_CLOSE.superseded]: T.superseded,
  [WS_CLOSE.tooManyFromAddress]: T.tooManyFromAddress,
};

function Lobby({ partyId }: { partyId: number }) {
  const { socket, counts, isStandby, applyToggle, gameUnderWay } = useLobby(partyId);
  const { toggle, busy, error } = useStandbyToggle(partyId, applyToggle);

  const connectionError = socket.createFailed
    ? T.socketFailed
    : socket.refusedCode !== null
      ? (REFUSED[socket.refusedCode] ?? T.socketFailed)
      : socket.status === 'reconnecting' && socket.attempts > 0
        ? T.connectionError(socket.attempts)
        : '';

  return (
    <div className="lobby">
      <p className={`chip chip--muted lobby-status lobby-status--${socket.status}`} role="status">
        <span className="lobby-status__dot" aria-hidden="true" />
        {STATUS_LABELS[socket.status]}
      </p>

      <div className="lobby-hero">
        <img className="lobby-hero__art" src={vsImage} alt="" width={96} height={96} />
        <p className="lobby-hero__text">{T.heroTitle}</p>
      </div>

      <dl className="lobby-counts">
        <div className="card">
          <dt>{T.participants}</dt>
          <dd>{counts ? T.people(counts.participation_count) : '-'}</dd>
        </div>
        <div className="card">
          <dt>{T.standby}</dt>
          <dd className="lobby-counts__standby">{counts ? T.people(counts.standby_count) : '-'}</dd>
        </div>
      </dl>

      <p className="lobby-hint" role={gameUnderWay ? 'status' : undefined}>
        {gameUnderWay ? T.gameUnderWay : isStandby ? T.hintOn : T.hintOff}
      </p>

      <div className="lobby-errors">
        <p className="error-text" role="alert">
          {connectionError}
        </p>
        <p className="error-text" role="alert">
          {error}
        </p>
      </div>

      <button
        type="button"
        className={isStandby ? 'button button--ghost lobby-toggle' : 'button lobby-toggle'}
        disabled={busy}
        onClick={() => void toggle()}
      >
        {busy ? T.busy : isStandby ? T.cancel : T.join}
      </button>

      <Link href={`/participants/${partyId}`} className="lobby-link tap-area">
        {T.participantsLink}
      </Link>
    </div>
  );
}
