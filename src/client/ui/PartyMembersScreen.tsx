import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { useLocation, useParams } from 'wouter';
import { parseId } from '../../shared/ids';
import { isLoggedInAtom } from '../state/session-atoms';
import { LoginRequiredModal } from './LoginRequiredModal';
import { ScreenPage } from './ScreenPage';

interface Props {
  title: string;
  /** What a bad address says (파티 ID가 없습니다.). */
  noPartyId: string;
  /** The screen itself, for a signed-in student and a well-formed party id. */
  children: (partyId: number) => ReactNode;
}

/**
 * The frame of a screen for one party's members (`/balancewait/{partyId}`, `/participants/{partyId}`). A guest, or a
 * session that just ended, is asked to sign in and comes back after, rather than reading that something failed to
 * load; nothing is asked of the server (no socket, no list) without a session. Closing the question goes to the party.
 */
export function PartyMembersScreen({ title, noPartyId, children }: Props) {
  const partyId = parseId(useParams<{ partyId: string }>().partyId);
  const loggedIn = useAtomValue(isLoggedInAtom);
  const [, navigate] = useLocation();
  const body =
    partyId === null ? (
      <p className="error-text" role="alert">
        {noPartyId}
      </p>
    ) : loggedIn ? (
      children(partyId)
    ) : (
      <LoginRequiredModal onClose={() => navigate(`/partyinfo/${partyId}`, { replace: true })} />
    );
  return (
    <ScreenPage title={title} back>
      {body}
    </ScreenPage>
  );
}
