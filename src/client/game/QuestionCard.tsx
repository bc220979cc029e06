import vsImage from '../../../assets/images/vs.svg';
import type { Question, VoteChoice } from '../../shared/live';
import { GAME_TEXTS as T } from './game-texts';
import { VoteGauge } from './VoteGauge';

interface Props {
  question: Question;
  pending: boolean;
  gaugeWidth: number;
  onVote: (question: Question, choice: VoteChoice) => void;
}

/** One question: the two choices facing each other across the VS emblem, and the live gauge under them. */
export function QuestionCard({ question, pending, gaugeWidth, onVote }: Props) {
  const locked = pending || question.has_voted;
  return (
    <div className="question">
      <div className="question__choices">
        <button type="button" className="choice choice--a" disabled={locked} onClick={() => onVote(question, 'A')}>
          <span className="choice__tag">A</span>
          <span className="choice__text">{question.a_text}</span>
        </button>
        <img className="question__vs" src={vsImage} alt="VS" width={64} height={64} />
        <button type="button" className="choice choice--b" disabled={locked} onClick={() => onVote(question, 'B')}>
          <span className="choice__tag">B</span>
          <span className="choice__text">{question.b_text}</span>
        </button>
      </div>
      <p className="question__state" aria-live="polite">
        {pending ? T.voting : question.has_voted ? T.voted : ''}
      </p>
      <VoteGauge a={question.vote_a_count} b={question.vote_b_count} width={gaugeWidth} />
    </div>
  );
}
