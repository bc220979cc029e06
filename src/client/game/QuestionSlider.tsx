import { animated, easings, useSpring } from '@react-spring/web';
import { useDrag } from '@use-gesture/react';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { SLIDER_SPACING, SLIDER_SPEED_MS } from '../../shared/constants';
import type { Question } from '../../shared/live';
import { clampIndex, indexAfterSwipe, rubberBand, trackOffset } from '../lib/slider-math';
import { useElementWidth } from '../lib/use-element-width';
import { GAME_TEXTS as T } from './game-texts';
import { QuestionCard } from './QuestionCard';

interface Props {
  questions: Question[];
  index: number;
  onIndex: (index: number) => void;
  pending: ReadonlySet<number>;
  onVote: (question: Question, choice: 'A' | 'B') => void;
}

const SLIDE = { duration: SLIDER_SPEED_MS, easing: easings.easeOutCubic };

/** Spec §2: questions side by side 30 px apart, moved by a horizontal drag or swipe in 600 ms, or by keys. */
export function QuestionSlider({ questions, index, onIndex, pending, onVote }: Props) {
  const viewport = useRef<HTMLDivElement>(null);
  const width = useElementWidth(viewport);
  const count = questions.length;
  const [{ x }, api] = useSpring(() => ({ x: 0, config: SLIDE }));

  useEffect(() => {
    void api.start({ x: trackOffset(index, width, SLIDER_SPACING), config: SLIDE });
  }, [api, index, width]);

  const bind = useDrag(
    ({ active, movement: [mx], swipe: [sx] }) => {
      if (active) {
        void api.start({ x: trackOffset(index, width, SLIDER_SPACING, rubberBand(mx, index, count)), immediate: true });
        return;
      }
      const next = indexAfterSwipe(index, count, mx, width, sx);
      // Snapping back to the same slide needs its own animation: the index (the effect's trigger) did not change.
      if (next === index) void api.start({ x: trackOffset(index, width, SLIDER_SPACING), config: SLIDE, immediate: false });
      else onIndex(next);
    },
    // filterTaps: a tap on a choice button stays a click, never a tiny drag.
    { axis: 'x', filterTaps: true, enabled: count > 1 },
  );

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
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') go(index - 1);
    else if (event.key === 'ArrowRight') go(index + 1);
    else return;
    event.preventDefault();
  };

  return (
    <section ref={section} className="slider" aria-roledescription="carousel" aria-label={T.questions} tabIndex={-1} onKeyDown={onKeyDown}>
      <div className="slider__viewport" ref={viewport}>
        <animated.div className="slider__track" style={{ x, gap: SLIDER_SPACING }} {...bind()}>
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
              <QuestionCard question={q} pending={pending.has(q.id)} gaugeWidth={width} onVote={onVote} />
            </div>
          ))}
        </animated.div>
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
