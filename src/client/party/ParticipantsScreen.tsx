import { useAtomValue } from 'jotai';
import { useParticipants } from '../api/standby';
import { readLocalUser } from '../state/local-user';
import { currentUserAtom } from '../state/session-atoms';
import { PartyMembersScreen } from '../ui/PartyMembersScreen';
import { useGoBack } from '../ui/use-go-back';
import { ParticipantsItem } from './participants-item';
import { PARTICIPANTS_TEXTS as T } from './participants-texts';
import './participants-screen.css';

export default function ParticipantsScreen() {
  return (
    <PartyMembersScreen title={T.title} noPartyId={T.noPartyId}>
      {(partyId) => <Participants partyId={partyId} />}
    </PartyMembersScreen>
  );
}

function Participants({ partyId }: { partyId: number }) {
  const { data, error, isLoading } = useParticipants(partyId);
  // The session's user, or the stored local user record while the profile is still loading.
  const me = useAtomValue(currentUserAtom) ?? readLocalUser();
  const goBack = useGoBack('/');

  if (isLoading) return <p className="status-text">{T.loading}</p>;
  if (error || !data) {
    return (
      <div className="participants-state" role="alert">
        <p>{T.loadFailed}</p>
        <button type="button" className="button button--small button--ghost" onClick={goBack}>
          {T.back}
        </button>
      </div>
    );
  }
  if (data.length === 0) return <p className="status-text">{T.empty}</p>;
  return (
    <ul className="plain-list participants-list">
      {data.map((entry) => (
        <ParticipantsItem key={entry.id} entry={entry} partyId={partyId} isMe={me?.id === entry.user.id} />
      ))}
    </ul>
  );
}
