import { useAtomValue } from 'jotai';
import { hasPartyFilters } from '../../shared/party-filters';
import { campusTitle } from '../../shared/campus';
import { useCampus } from '../api/campus';
import { useHomeParties } from '../api/home-parties';
import { FilterBar } from '../ui/party-filters/FilterBar';
import { FilteredEmpty } from '../ui/party-filters/FilteredEmpty';
import { usePartyFilters } from '../ui/party-filters/use-party-filters';
import { useMySeats } from '../api/my-seats';
import { currentUserAtom, isLoggedInAtom } from '../state/session-atoms';
import { LoginRequiredModal } from '../ui/LoginRequiredModal';
import { LoadFailed, OfflineMark, useOffline } from '../ui/OfflineState';
import { JoinBlockBanner } from '../ui/JoinBlockBanner';
import { useJoin } from '../ui/use-join';
import { JOIN_BLOCK_TEXTS } from '../ui/use-join-block';
import { VerificationRefusalModal } from '../ui/VerificationRefusalModal';
import { PartyCard } from './PartyCard';
import './home.css';
import { ListSkeleton } from '../ui/ListSkeleton';

const GUEST_NAME = '게스트';
const EMPTY_TEXT = '아직 모집 중인 파티가 없습니다.';
const JOIN_FAILED = '참가 신청에 실패했습니다.';
const LOAD_FAILED = '파티 목록을 불러오지 못했습니다.';
// Cards whose photo a 393×852 phone shows without scrolling: fetched at once, the rest lazily.
const ABOVE_FOLD = 2;

export default function HomeScreen() {
  const loggedIn = useAtomValue(isLoggedInAtom);
  const user = useAtomValue(currentUserAtom);
  const { filters, setFilters } = usePartyFilters();
  const { data, error, mutate } = useHomeParties(filters);
  const offline = useOffline(error);
  const mySeats = useMySeats(loggedIn);
  const { join, block, pendingId, needsLogin, closeLogin, refusal, closeRefusal } = useJoin(JOIN_FAILED);
  const name = loggedIn && user?.name ? user.name : GUEST_NAME;
  const { campus } = useCampus();

  // What only a guest's copy says (marked so the page loader can keep the drawn home for a signed-in student with
  // these hidden): a signed-in render has no such marks.
  const guestOnly = loggedIn ? undefined : '';
  return (
    <section className="screen home" data-session-safe="">
      {/* Whose campus this is (issue 29): the school an operator set up, or the built-in 한빛대학교. */}
      {campus && <p className="home__campus">{campusTitle(campus)}</p>}
      <h1 className="home__title">
        <span data-personal={guestOnly}>{name}</span>님을 위한 추천 파티
      </h1>
      {block && <JoinBlockBanner block={block} />}
      <FilterBar filters={filters} setFilters={setFilters} />
      {/* Data first: a server-rendered page starts with its list while SWR still counts as loading. */}
      {data?.length ? (
        <>
          {offline && <OfflineMark />}
          <ul className="plain-list home__list">
            {data.map((party, i) => (
              <PartyCard
                key={party.id}
                aboveFold={i < ABOVE_FOLD}
                party={party}
                mySeat={mySeats.get(party.id)}
                blockedLabel={block ? JOIN_BLOCK_TEXTS[block.code].label : undefined}
                guestOnly={guestOnly}
                pending={pendingId === party.id}
                disabled={pendingId !== null}
                onApply={(id) => void join(id)}
              />
            ))}
          </ul>
        </>
      ) : error || offline ? (
        // Only the server's answer of now may say "no parties"; a failed or offline load never does.
        <LoadFailed offline={offline} message={LOAD_FAILED} retry={() => void mutate()} />
      ) : !data ? (
        <ListSkeleton shape="card" />
      ) : hasPartyFilters(filters) ? (
        <FilteredEmpty className="status-text" onClear={() => setFilters({})} />
      ) : (
        <p className="status-text">{EMPTY_TEXT}</p>
      )}
      {needsLogin && <LoginRequiredModal onClose={closeLogin} />}
      {refusal && <VerificationRefusalModal refusal={refusal} onClose={closeRefusal} />}
    </section>
  );
}
