import vsImage from '../../../assets/images/vs.svg';
import type { Question, VoteChoice } from '../../shared/live';
import { GAME_TEXTS as T } from './game-texts';
import { gaugeStats } from './gauge-math';
import { LazyVoteGauge } from './lazy-vote-gauge';

interface Props {
  question: Question;
  /** The side being sent right now, if a vote on this question is in flight. */
  pending?: VoteChoice;
  gaugeWidth: number;
  onVote: (question: Question, choice: VoteChoice) => void;
}

/**
 * One question: the two choices facing each other across the VS emblem, and the live gauge under them — once this
 * student has voted on it. Before, the gauge is veiled (only how many took part shows), so what others chose cannot
 * sway the choice; it is mounted with the vote's answer and its bars grow in from nothing.
 */
export function QuestionCard({ question, pending, gaugeWidth, onVote }: Props) {
  const locked = pending !== undefined || question.has_voted;
  // The side this student took stays marked while the results come in, and after a reload (my_choice).
  const mine = pending ?? question.my_choice ?? undefined;
  const choice = (side: VoteChoice, text: string) => (
    <button
      type="button"
      className={`choice choice--${side.toLowerCase()}${mine === side ? ' choice--mine' : ''}`}
      disabled={locked}
      aria-pressed={mine ? mine === side : undefined}
      onClick={() => onVote(question, side)}
    >
      <span className="choice__tag">{side}</span>
      <span className="choice__text">{text}</span>
      {mine === side && <span className="choice__mine">{T.mine}</span>}
    </button>
  );
  return (
    <div className="question">
      <div className="question__choices">
        {choice('A', question.a_text)}
        <img className="question__vs" src={vsImage} alt="VS" width={64} height={64} />
        {choice('B', question.b_text)}
      </div>
      <p className="question__state" aria-live="polite">
        {pending ? T.voting : question.has_voted ? T.voted : ''}
      </p>
      {question.has_voted ? (
        // Its own chunk (lazy-vote-gauge.tsx): until it is in, the veil's place shows how many took part.
        <LazyVoteGauge
          a={question.vote_a_count}
          b={question.vote_b_count}
          width={gaugeWidth}
          placeholder={<GaugeVeil loading total={gaugeStats(question.vote_a_count, question.vote_b_count).total} />}
        />
      ) : (
        <GaugeVeil total={gaugeStats(question.vote_a_count, question.vote_b_count).total} />
      )}
    </div>
  );
}

/** The gauge's place before this student's vote, as tall as the gauge so nothing moves when it comes in. */
function GaugeVeil({ total, loading = false }: { total: number; loading?: boolean }) {
  return (
    <div className="gauge-veil">
      {!loading && <p className="gauge-veil__text">{T.hiddenUntilVote}</p>}
      <p className="gauge-veil__total">{T.participants(total)}</p>
    </div>
  );
}
