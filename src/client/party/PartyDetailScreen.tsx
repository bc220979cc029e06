import { useLocation, useParams } from 'wouter';
import { ApiError, errorMessage } from '../api/api-error';
import { usePartyDetail } from '../api/party-detail';
import { usePartyPreview } from '../api/party-preview';
import { PAYMENT_PATH, type PaymentNavState } from '../lib/payment-nav-state';
import { BackButton } from '../ui/BackButton';
import { ErrorState } from '../ui/ErrorState';
import { LoginRequiredModal } from '../ui/LoginRequiredModal';
import { NotConnected, OfflineMark, useOffline } from '../ui/OfflineState';
import { useJoin } from '../ui/use-join';
import { JOIN_BLOCK_TEXTS } from '../ui/use-join-block';
import { VerificationRefusalModal } from '../ui/VerificationRefusalModal';
import { Attendees } from './Attendees';
import { JoinBar } from './JoinBar';
import { PartyActions } from './PartyActions';
import { PartyInfo } from './PartyInfo';
import { PartyLoading } from './PartyLoading';
import { usePartyWaitlist } from './use-party-waitlist';
import './party.css';
import { parseId } from '../../shared/ids';

const LOAD_FAILED = '파티 정보를 불러오는데 실패했습니다.';
const JOIN_FAILED = '참가 신청 중 오류가 발생했습니다.';
const GONE_HINT = '취소되었거나 주소가 잘못된 파티예요. 홈에서 다른 파티를 찾아보세요.';
const RETRY_HINT = '연결이 불안정할 수 있어요. 잠시 후 다시 시도해 주세요.';

export default function PartyDetailScreen() {
  const partyId = parseId(useParams<{ partyId: string }>().partyId);
  const [, navigate] = useLocation();
  const { data: party, error, mutate } = usePartyDetail(partyId);
  const offline = useOffline(error);
  const preview = usePartyPreview(partyId);
  const { join, wait, block, pendingId, needsLogin, closeLogin, refusal, closeRefusal } = useJoin(JOIN_FAILED);
  const waitlist = usePartyWaitlist(party);

  // A pending seat is held for a while: coming back here is a way back to the payment that was left unfinished.
  const continuePayment = (participationId: number) => {
    if (partyId === null) return;
    const state: PaymentNavState = { participationId, partyId };
    navigate(PAYMENT_PATH, { state });
  };

  // An unknown party will not appear by trying again; anything else (offline, a server failure) might.
  const gone = partyId === null || (error instanceof ApiError && error.status === 404);
  let body;
  // A party already opened stays on screen when a later read fails (SWR's memory, or the worker's cache).
  if (party && !gone)
    body = (
      <>
        {offline && <OfflineMark />}
        <PartyInfo party={party} />
        <Attendees participations={party.participations} />
        <JoinBar
          party={party}
          pending={pendingId === party.id}
          onJoin={() => void join(party.id)}
          onContinuePayment={continuePayment}
          waitPosition={waitlist.position}
          onWait={() => void wait(party.id)}
          onLeaveWait={() => void waitlist.leave()}
          leavingWait={waitlist.leaving}
          blockedLabel={block ? JOIN_BLOCK_TEXTS[block.code].label : undefined}
        />
      </>
    );
  else if (!gone && error && offline) body = <NotConnected retry={() => void mutate()} />;
  else if (gone || error) {
    body = gone ? (
      <ErrorState message={`에러: ${errorMessage(error, LOAD_FAILED)}`} hint={GONE_HINT} />
    ) : (
      <ErrorState message={`에러: ${errorMessage(error, LOAD_FAILED)}`} hint={RETRY_HINT} retry={() => void mutate()} />
    );
  } else body = <PartyLoading preview={preview} />;

  return (
    <section className="screen party-detail">
      <div className="screen__bar">
        <BackButton />
        {party && !gone && <PartyActions party={party} />}
      </div>
      {body}
      {needsLogin && <LoginRequiredModal onClose={closeLogin} />}
      {refusal && <VerificationRefusalModal refusal={refusal} onClose={closeRefusal} />}
    </section>
  );
}
