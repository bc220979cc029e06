import { animated, useSpring } from '@react-spring/web';
import { useDrag } from '@use-gesture/react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { MyParty } from '../../shared/live';
import { clampIndex, indexAfterSwipe, rubberBand, trackOffset } from '../lib/slider-math';
import { useElementWidth } from '../lib/use-element-width';
import { AssistPartyCard } from './AssistPartyCard';
import { ASSIST_TEXTS as T } from './assist-texts';

const GAP = 16;

/** Swipeable party cards (use-gesture + react-spring), with buttons, dots and arrow keys for everyone else. */
export function PartyCarousel({ parties, now }: { parties: MyParty[]; now: number }) {
  const viewport = useRef<HTMLDivElement>(null);
  const width = useElementWidth(viewport);
  const [wanted, setIndex] = useState(0);
  const count = parties.length;
  const index = clampIndex(wanted, count); // a party may drop off the list while we look
  const [{ x }, api] = useSpring(() => ({ x: 0 }));

  useEffect(() => {
    void api.start({ x: trackOffset(index, width, GAP) });
  }, [api, index, width]);

  const bind = useDrag(
    ({ active, movement: [mx], swipe: [sx] }) => {
      if (active) {
        void api.start({ x: trackOffset(index, width, GAP, rubberBand(mx, index, count)), immediate: true });
        return;
      }
      const next = indexAfterSwipe(index, count, mx, width, sx);
      setIndex(next);
      void api.start({ x: trackOffset(next, width, GAP), immediate: false });
    },
    // One card has nowhere to go. (Cancelling a drag instead would make use-gesture swallow the tap's click.)
    { axis: 'x', filterTaps: true, enabled: count > 1 },
  );

  const go = (i: number) => setIndex(clampIndex(i, count));
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') go(index - 1);
    else if (event.key === 'ArrowRight') go(index + 1);
    else return;
    event.preventDefault();
  };

  return (
    <section className="assist-carousel" aria-roledescription="carousel" aria-label={T.cardsLabel} onKeyDown={onKeyDown}>
      <div className="assist-carousel__viewport" ref={viewport}>
        <animated.ul className="assist-carousel__track" style={{ x, gap: GAP }} {...bind()}>
          {parties.map((party, i) => (
            <li
              key={party.id}
              className="assist-carousel__slide"
              style={{ width: width || '100%' }}
              aria-roledescription="slide"
              aria-hidden={i !== index}
              inert={i !== index}
            >
              <AssistPartyCard party={party} now={now} />
            </li>
          ))}
        </animated.ul>
      </div>
      {count > 1 && (
        <div className="assist-carousel__controls">
          <button type="button" className="icon-button assist-carousel__arrow" aria-label={T.prev} disabled={index === 0} onClick={() => go(index - 1)}>
            ‹
          </button>
          <div className="assist-carousel__dots">
            {parties.map((party, i) => (
              <button
                key={party.id}
                type="button"
                className={i === index ? 'assist-dot assist-dot--active' : 'assist-dot'}
                aria-label={T.dot(i + 1, count)}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => go(i)}
              />
            ))}
          </div>
          <button type="button" className="icon-button assist-carousel__arrow" aria-label={T.next} disabled={index === count - 1} onClick={() => go(index + 1)}>
            ›
          </button>
        </div>
      )}
    </section>
  );
}
