import { useAtomValue } from 'jotai';
import { Link } from 'wouter';
import vsImage from '../../../assets/images/vs.svg';
import { socketRefusal } from '../lib/socket-refusal';
import { currentUserAtom } from '../state/session-atoms';
import { LiveStatusChip } from '../ui/LiveStatusChip';
import { PartyMembersScreen } from '../ui/PartyMembersScreen';
import { LOBBY_TEXTS as T } from './lobby-texts';
import { ReadyFaces } from './ReadyFaces';
import { useLobby } from './use-lobby';
import { useStandbyToggle } from './use-standby-toggle';
import './lobby.css';

// A guest is asked to sign in (and comes back here after), not told a login "expired" that never existed.
export default function LobbyScreen() {
  return (
    <PartyMembersScreen title={T.title} noPartyId={T.noPartyId}>
      {(partyId) => <Lobby partyId={partyId} />}
    </PartyMembersScreen>
  );
}

function Lobby({ partyId }: { partyId: number }) {
  const me = useAtomValue(currentUserAtom);
  const { socket, counts, members, isStandby, applyToggle, gameUnderWay } = useLobby(partyId);
  const { toggle, busy, error } = useStandbyToggle(partyId, applyToggle);

  const connectionError =
    socketRefusal(socket, T) ?? (socket.status === 'reconnecting' && socket.attempts > 0 ? T.connectionError(socket.attempts) : '');

  // The server draws this screen for members before any of their data (src/server/pages/page-plans.ts): the page's
  // loader keeps the drawing only for a signed-in student (`data-members`), with what depends on their own standby
  // hidden (`data-personal`) until the app has drawn theirs. The counts say '-' until they arrive, drawn or not.
  return (
    <div className="lobby" data-members="">
      <LiveStatusChip status={socket.status} />

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

      <ReadyFaces members={members} myId={me?.id} />

      <p className="lobby-hint" role={gameUnderWay ? 'status' : undefined} data-personal="">
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
        data-personal=""
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
