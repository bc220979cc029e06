import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useLocation, useParams } from 'wouter';
import { parseId } from '../../shared/ids';
import type { ApiError } from '../api/api-error';
import { isOutage } from '../api/server-reach';
import { useOnline } from '../lib/use-online';
import { isLoggedInAtom } from '../state/session-atoms';
import { BackIcon } from '../ui/icons';
import { LiveStatusChip } from '../ui/LiveStatusChip';
import { LoginRequiredModal } from '../ui/LoginRequiredModal';
import { StepProgress } from '../ui/StepProgress';
import { connectionView } from './connection-note';
import { GAME_TEXTS as T } from './game-texts';
import { preloadVoteGauge } from './lazy-vote-gauge';
import { QuestionSlider } from './QuestionSlider';
import { allVoted } from './recap';
import { RoundRecap } from './RoundRecap';
import { useRound } from './use-round';
import { useVote } from './use-vote';
import './game.css';

function loadError(error: ApiError): string {
  if (error.status === 404) return T.roundNotFound;
  if (error.status === 403) return T.forbidden;
  return T.loadFailed;
}

export default function BalanceGameScreen() {
  const [, navigate] = useLocation();
  const roundId = parseId(useParams<{ roundId: string }>().roundId);
  const loggedIn = useAtomValue(isLoggedInAtom);
  // A guest (a shared link, a notice opened after the session ended) is asked to sign in and comes back to the round;
  // nothing is asked of the server without a session.
  const body =
    roundId === null ? (
      <p className="error-text" role="alert">
        {T.roundNotFound}
      </p>
    ) : loggedIn ? (
      <Game roundId={roundId} />
    ) : (
      <LoginRequiredModal onClose={() => navigate('/', { replace: true })} />
    );
  return (
    <section className="screen game">
      <div className="screen__bar">
        {/* Spec §2: back goes home, not to the lobby the game was started from. */}
        <button type="button" className="icon-button" aria-label={T.back} onClick={() => navigate('/')}>
          <BackIcon />
        </button>
        <h1 className="screen__title">{T.title}</h1>
      </div>
      {body}
    </section>
  );
}

function Game({ roundId }: { roundId: number }) {
  const [, navigate] = useLocation();
  const { data, error, mutate, update, socket } = useRound(roundId);
  // The gauge's code, for after the first vote (lazy-vote-gauge.tsx): asked for once the screen is up.
  useEffect(preloadVoteGauge, []);
  const online = useOnline();
  const connection = connectionView({ socket, online, readFailed: isOutage(error) });
  // 'auto': the recap comes up once every question has this student's vote; the buttons override that either way.
  const [view, setView] = useState<'auto' | 'questions' | 'recap'>('auto');
  const { vote, pending, error: voteError } = useVote(
    (res, choice) => {
      update(res.question_id, res.vote_a_count, res.vote_b_count, choice);
      // A vote after 질문 다시 보기 may be the last one missing: the recap comes up as it would have.
      setView('auto');
    },
    () => void mutate(),
  );
  const [wanted, setIndex] = useState<number | null>(null);
  const questions = data?.questions ?? [];
  const count = questions.length;
  // The slider starts on the first question without this student's vote (after a reload mid-round, where they left
  // off); chosen once, when the round first arrives, so a vote never moves it.
  if (wanted === null && count > 0) setIndex(Math.max(0, questions.findIndex((q) => !q.my_choice)));
  const index = Math.min(wanted ?? 0, Math.max(0, count - 1));
  const done = allVoted(questions);

  if (error && !data) {
    return (
      <div className="game__state" role="alert">
        <p>{loadError(error)}</p>
        <button type="button" className="button button--small" onClick={() => navigate('/')}>
          {T.goHome}
        </button>
      </div>
    );
  }
  if (count === 0) return <p className="status-text">{T.loading}</p>;

  const recap = view === 'recap' || (view === 'auto' && done);
  return (
    <div className={connection.frozen ? 'game__body game__body--frozen' : 'game__body'}>
      <div className="game__live">
        <LiveStatusChip status={socket.status} label={T.statusLabel} />
        <p className="game__connection" role="alert">
          {connection.note}
        </p>
      </div>
      {recap ? (
        <RoundRecap questions={questions} onReview={() => setView('questions')} />
      ) : (
        <>
          <div className="game__head">
            <p className="chip chip--lg chip--soft game__counter" aria-live="polite">
              {T.counter(index + 1, count)}
            </p>
            <h2 className="game__prompt">{T.prompt}</h2>
            <StepProgress className="game__progress" label={T.progress} step={index + 1} count={count} />
          </div>
          <QuestionSlider questions={questions} index={index} onIndex={setIndex} pending={pending} onVote={(q, c) => void vote(q, c)} />
          <p className="error-text" role="alert">
            {voteError}
          </p>
          {(done || index === count - 1) && (
            <button type="button" className="button game__recap" onClick={() => setView('recap')}>
              {T.showRecap}
            </button>
          )}
        </>
      )}
    </div>
  );
}
