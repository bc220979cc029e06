import { useEffect, useRef } from 'react';
import { SLIDER_SPACING, SLIDER_SPEED_MS } from '../../shared/constants';
import type { Question, VoteChoice } from '../../shared/live';
import { clampIndex } from '../lib/slider-math';
import { moveByArrowKey, useSwipeTrack } from '../lib/use-swipe-track';
import { GAME_TEXTS as T } from './game-texts';
import { QuestionCard } from './QuestionCard';

interface Props {
  questions: Question[];
  index: number;
  onIndex: (index: number) => void;
  pending: ReadonlyMap<number, VoteChoice>;
  onVote: (question: Question, choice: VoteChoice) => void;
}

// Spec §2's 600 ms, ease-out cubic (what react-spring's easeOutCubic was).
const SLIDE = { ms: SLIDER_SPEED_MS, easing: 'cubic-bezier(0.33, 1, 0.68, 1)' };

/** Spec §2: questions side by side 30 px apart, moved by a horizontal drag or swipe in 600 ms, or by keys. */
export function QuestionSlider({ questions, index, onIndex, pending, onVote }: Props) {
  const count = questions.length;
  const { viewport, track, width, bind } = useSwipeTrack<HTMLDivElement>({ index, count, gap: SLIDER_SPACING, motion: SLIDE, onIndex });

  // A keyboard move can leave focus nowhere: on a slide that turns inert, or on 이전/다음 turning disabled at an end.
  // Then it goes to the new slide's first choice still open, else to the slider itself.
  const section = useRef<HTMLElement>(null);
  const moved = useRef(false);
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    const root = section.current;
    const active = document.activeElement as HTMLElement | null;
    const lost = !active || active === document.body || active.closest('[inert]') || (active as HTMLButtonElement).disabled;
    if (!root || !lost) return;
    const target = root.querySelector<HTMLElement>('.slider__slide:not([inert]) button:not(:disabled)') ?? root;
    target.focus({ preventScroll: true });
  }, [index]);

  const go = (i: number) => {
    const next = clampIndex(i, count);
    if (next === index) return;
    moved.current = true;
    onIndex(next);
  };

  return (
    <section ref={section} className="slider" aria-roledescription="carousel" aria-label={T.questions} tabIndex={-1} onKeyDown={(event) => moveByArrowKey(event, index, go)}>
      <div className="slider__viewport" ref={viewport}>
        <div ref={track} className="slider__track" style={{ gap: SLIDER_SPACING }} {...bind()}>
          {questions.map((q, i) => (
            <div
              key={q.id}
              className="slider__slide"
              style={{ width: width || '100%' }}
              role="group"
              aria-roledescription="slide"
              aria-label={T.counter(i + 1, count)}
              aria-hidden={i !== index}
              inert={i !== index}
            >
              <QuestionCard question={q} pending={pending.get(q.id)} gaugeWidth={width} onVote={onVote} />
            </div>
          ))}
        </div>
      </div>
      <div className="slider__nav">
        <button type="button" className="button button--ghost button--small" disabled={index === 0} onClick={() => go(index - 1)}>
          {T.prev}
        </button>
        <button type="button" className="button button--ghost button--small" disabled={index >= count - 1} onClick={() => go(index + 1)}>
          {T.next}
        </button>
      </div>
    </section>
  );
}
