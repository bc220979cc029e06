import { useState } from 'react';
import type { MyParty } from '../../shared/live';
import { clampIndex } from '../lib/slider-math';
import { moveByArrowKey, useSwipeTrack } from '../lib/use-swipe-track';
import { AssistPartyCard } from './AssistPartyCard';
import { ASSIST_TEXTS as T } from './assist-texts';

const GAP = 16;

/** Swipeable party cards (use-gesture, a CSS glide), with buttons, dots and arrow keys for everyone else. */
export function PartyCarousel({ parties, now }: { parties: MyParty[]; now: number }) {
  const [wanted, setIndex] = useState(0);
  const count = parties.length;
  const index = clampIndex(wanted, count); // a party may drop off the list while we look
  const { viewport, track, width, bind } = useSwipeTrack<HTMLUListElement>({ index, count, gap: GAP, onIndex: setIndex });

  const go = (i: number) => setIndex(clampIndex(i, count));

  return (
    <section className="assist-carousel" aria-roledescription="carousel" aria-label={T.cardsLabel} onKeyDown={(event) => moveByArrowKey(event, index, go)}>
      <div className="assist-carousel__viewport" ref={viewport}>
        <ul ref={track} className="plain-list assist-carousel__track" style={{ gap: GAP }} {...bind()}>
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
        </ul>
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
