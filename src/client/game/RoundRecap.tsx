import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import type { Question, VoteChoice } from '../../shared/live';
import { gaugeStats } from './gauge-math';
import { GAME_TEXTS as T } from './game-texts';
import { standingText } from './recap';

interface Props {
  questions: Question[];
  onReview: () => void;
}

/**
 * The end of the round: every question with both sides, the percentages (still live: late votes keep arriving),
 * the side this student took and how many of those who voted so far took it too, and the way back to the party
 * assistant.
 */
export function RoundRecap({ questions, onReview }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The button just tapped (the last vote) is gone with the slider: focus lands on what replaced it.
  useEffect(() => heading.current?.focus({ preventScroll: true }), []);
  const voted = questions.filter((q) => q.has_voted).length;
  return (
    <section className="recap" aria-labelledby="recap-title">
      <h2 id="recap-title" className="recap__title" ref={heading} tabIndex={-1}>
        {T.recapTitle}
      </h2>
      <p className="recap__summary">{T.recapSummary(voted, questions.length)}</p>
      <p className="recap__live">{T.recapLive}</p>
      <ol className="recap__list" aria-label={T.recapList}>
        {questions.map((q, i) => (
          <RecapItem key={q.id} question={q} n={i + 1} />
        ))}
      </ol>
      <div className="recap__actions">
        <Link href="/assist" className="button">
          {T.toAssist}
        </Link>
        <button type="button" className="button button--ghost" onClick={onReview}>
          {T.review}
        </button>
      </div>
    </section>
  );
}

/** A question's results, or — where this student has not voted — only its two sides: the recap is no way around the veil. */
function RecapItem({ question: q, n }: { question: Question; n: number }) {
  const stats = gaugeStats(q.vote_a_count, q.vote_b_count);
  const shown = q.has_voted;
  const side = (choice: VoteChoice, text: string, percent: number) => {
    const mine = q.my_choice === choice;
    return (
      <p className={`recap__side recap__side--${choice.toLowerCase()}${mine ? ' recap__side--mine' : ''}`}>
        <span className="recap__tag">{choice}</span>
        <span className="recap__text">{text}</span>
        {mine && <span className="recap__mine">{T.mine}</span>}
        {shown && <span className="recap__percent">{percent}%</span>}
      </p>
    );
  };
  return (
    <li className="recap__item" aria-labelledby={`recap-q${q.id}`}>
      <h3 id={`recap-q${q.id}`} className="recap__n">
        {T.recapQuestion(n)} · {T.participants(stats.total)}
      </h3>
      {side('A', q.a_text, stats.aPercent)}
      {shown && (
        <div className="recap__bar" aria-hidden="true">
          <span className="recap__fill recap__fill--a" style={{ width: `${stats.aShare * 100}%` }} />
          <span className="recap__fill recap__fill--b" style={{ width: `${stats.bShare * 100}%` }} />
        </div>
      )}
      {side('B', q.b_text, stats.bPercent)}
      <p className="recap__standing">{standingText(q)}</p>
    </li>
  );
}
